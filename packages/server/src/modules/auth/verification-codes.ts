import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { VerificationPurpose } from '@tcm/contracts';
import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { serverSecrets, verificationCodes } from '../../db/schema';
import { type Ctx, inTransaction } from '../../lib/context';
import { badRequest, tooMany } from '../../lib/errors';

const HMAC_KEY_NAME = 'code-hmac';

/**
 * The HMAC key of the codes, made by the migration that created server_secrets (random, shared by
 * every instance on the database). Should the row be missing, the first caller makes one.
 */
async function codeHmacKey(db: Db): Promise<Buffer> {
  const read = () => db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, HMAC_KEY_NAME));
  let [row] = await read();
  if (!row) {
    await db
      .insert(serverSecrets)
      .values({ name: HMAC_KEY_NAME, value: randomBytes(32) })
      .onConflictDoNothing();
    [row] = await read();
  }
  if (!row) throw new Error('the verification code key could not be read');
  return row.value;
}

/** Six digits are a small space: a keyed HMAC, so a copy of the table alone cannot be searched offline. */
function hashCode(key: Buffer, mobile: string, purpose: string, code: string): string {
  return createHmac('sha256', key).update(`${mobile}:${purpose}:${code}`).digest('hex');
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
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // The interval and the daily cap are checked and the new code recorded under a per-mobile lock
  // held to the commit, so parallel requests (on any instance) decide one after the other.
  await inTransaction(ctx, async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sms-code:${mobile}`}, 0))`);
    const recent = await tx.db
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.mobile, mobile), gte(verificationCodes.createdAt, startOfDay)))
      .orderBy(desc(verificationCodes.createdAt));
    const last = recent[0];
    if (last) {
      const waitSeconds = Math.ceil((last.createdAt.getTime() + security.codeResendSeconds * 1000 - tx.now.getTime()) / 1000);
      if (waitSeconds > 0) throw tooMany(`验证码发送过于频繁，请 ${waitSeconds} 秒后再试`);
    }
    if (recent.length >= security.codeDailyLimit) throw tooMany('该手机号今日获取验证码次数已达上限，请明天再试');
    await tx.db.insert(verificationCodes).values({
      mobile,
      purpose,
      codeHash: hashCode(await codeHmacKey(tx.db), mobile, purpose, code),
      createdAt: tx.now,
      expiresAt: new Date(tx.now.getTime() + security.codeValidMinutes * 60_000),
    });
  });
  const action = purpose === 'register' ? '注册' : '重置密码';
  await ctx.sms.send(ctx.db, {
    mobile,
    text: `${SMS_SIGNATURE}您正在${action}，验证码 ${code}，${security.codeValidMinutes}分钟内有效。如非本人操作请忽略。`,
    secret: code,
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
  const given = Buffer.from(hashCode(await codeHmacKey(ctx.db), mobile, purpose, code), 'hex');
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
