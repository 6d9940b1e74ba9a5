import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { VerificationPurpose } from '@tcm/contracts';
import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { verificationCodes } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { badRequest, tooMany } from '../../lib/errors';

function hashCode(mobile: string, purpose: string, code: string): string {
  return createHash('sha256').update(`${mobile}:${purpose}:${code}`).digest('hex');
}

const SMS_SIGNATURE = '【糖尿病前期中医药健康管理】';

/**
 * Issues a 6-digit code (CSPRNG) for a mobile and purpose, enforcing the resend interval and the daily
 * cap, and sends it by SMS. Returns the code's validity for the caller's message.
 */
export async function issueCode(ctx: Ctx, mobile: string, purpose: VerificationPurpose) {
  const { security } = ctx.config;
  const startOfDay = new Date(ctx.now);
  startOfDay.setHours(0, 0, 0, 0);
  const recent = await ctx.db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.mobile, mobile), gte(verificationCodes.createdAt, startOfDay)))
    .orderBy(desc(verificationCodes.createdAt));
  const last = recent[0];
  if (last) {
    const waitSeconds = Math.ceil((last.createdAt.getTime() + security.codeResendSeconds * 1000 - ctx.now.getTime()) / 1000);
    if (waitSeconds > 0) throw tooMany(`验证码发送过于频繁，请 ${waitSeconds} 秒后再试`);
  }
  if (recent.length >= security.codeDailyLimit) throw tooMany('该手机号今日获取验证码次数已达上限，请明天再试');

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.db.insert(verificationCodes).values({
    mobile,
    purpose,
    codeHash: hashCode(mobile, purpose, code),
    createdAt: ctx.now,
    expiresAt: new Date(ctx.now.getTime() + security.codeValidMinutes * 60_000),
  });
  const action = purpose === 'register' ? '注册' : '重置密码';
  await ctx.sms.send(ctx.db, {
    mobile,
    text: `${SMS_SIGNATURE}您正在${action}，验证码 ${code}，${security.codeValidMinutes}分钟内有效。如非本人操作请忽略。`,
  });
  return { resendAfterSeconds: security.codeResendSeconds, validMinutes: security.codeValidMinutes };
}

/**
 * Checks and consumes the newest live code for a mobile and purpose. Runs outside the caller's
 * transaction on purpose: a wrong guess must count even though the caller then fails.
 */
export async function consumeCode(ctx: Ctx, mobile: string, purpose: VerificationPurpose, code: string): Promise<void> {
  const { security } = ctx.config;
  const [row] = await ctx.db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.mobile, mobile),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.usedAt),
        gte(verificationCodes.expiresAt, ctx.now),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!row) throw badRequest('验证码已失效，请重新获取');
  if (row.failedAttempts >= security.codeMaxAttempts) throw badRequest('验证码错误次数过多，请重新获取');
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashCode(mobile, purpose, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    await ctx.db
      .update(verificationCodes)
      .set({ failedAttempts: sql`${verificationCodes.failedAttempts} + 1` })
      .where(eq(verificationCodes.id, row.id));
    const left = security.codeMaxAttempts - row.failedAttempts - 1;
    throw badRequest(left > 0 ? `验证码不正确，还可尝试 ${left} 次` : '验证码错误次数过多，请重新获取');
  }
  // Conditional update: of two concurrent uses of the same code only one wins.
  const used = await ctx.db
    .update(verificationCodes)
    .set({ usedAt: ctx.now })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  if (used.length === 0) throw badRequest('验证码已失效，请重新获取');
}
