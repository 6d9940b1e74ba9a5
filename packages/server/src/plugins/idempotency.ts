import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER, ResponseCode } from '@tcm/contracts';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError, badRequest, conflict } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A create call: a repeat with the same `Idempotency-Key` replays the first answer (registerIdempotency). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyKey: { accountId: number; key: string } | null;
  }
}

/** How long an answer is kept for replay. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;

export const KEY_REUSED_MESSAGE = '该幂等键（Idempotency-Key）已用于另一份不同的提交，本次未保存；请重新提交';
export const KEY_IN_PROGRESS_MESSAGE = '同一次提交仍在处理中，请稍候再试';

/** Object keys sorted at every depth, so that the same body hashes the same whatever the key order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

function requestHash(request: FastifyRequest): string {
  const what = [request.method, request.routeOptions.url, canonical(request.params ?? {}), canonical(request.body ?? null)];
  return createHash('sha256').update(JSON.stringify(what)).digest('hex');
}

function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined) return undefined;
  if (!KEY_PATTERN.test(key)) throw badRequest('Idempotency-Key 应为 8 到 128 个可见 ASCII 字符');
  return key;
}

async function reserve(db: Db, row: { accountId: number; key: string; requestHash: string; createdAt: Date }) {
  const inserted = await db.insert(idempotencyKeys).values(row).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  return inserted.length > 0;
}

/**
 * Create calls (routes with `config.idempotent`) accept an `Idempotency-Key` header. The first call
 * with a key reserves it for the signed-in user before the handler runs; its successful answer is
 * stored, and a later call with the same key and the same request gets that answer again (marked
 * with the `idempotent-replayed` header) without creating anything. The same key with another
 * request answers 422; while the first call is still running, 409. A failed call frees its key, so
 * that the client may retry it. Keys are per user and kept 24 hours; older rows are deleted as new
 * keys are reserved.
 */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.decorateRequest('idempotencyKey', null);

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.routeOptions.config?.idempotent || !request.ctx?.actor) return;
    const key = keyOf(request);
    if (key === undefined) return;
    const accountId = request.ctx.actor.id;
    const now = request.ctx.now;
    const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
    const hash = requestHash(request);
    await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, expiredBefore));
    if (await reserve(db, { accountId, key, requestHash: hash, createdAt: now })) {
      request.idempotencyKey = { accountId, key };
      return;
    }
    const [stored] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)));
    if (!stored) {
      // Freed between the two statements (the first call failed): this call takes the key.
      if (await reserve(db, { accountId, key, requestHash: hash, createdAt: now })) {
        request.idempotencyKey = { accountId, key };
        return;
      }
      throw conflict(KEY_IN_PROGRESS_MESSAGE);
    }
    if (stored.requestHash !== hash) throw new AppError(ResponseCode.IDEMPOTENCY_KEY_REUSED, KEY_REUSED_MESSAGE, 422);
    if (stored.statusCode === null || stored.answer === null) throw conflict(KEY_IN_PROGRESS_MESSAGE);
    request.log.info({ idempotent: 'replay' }, 'create call replayed from its idempotency key');
    return reply
      .code(stored.statusCode)
      .type('application/json; charset=utf-8')
      .header(IDEMPOTENT_REPLAY_HEADER, 'true')
      .send(stored.answer);
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const held = request.idempotencyKey;
    if (!held) return payload;
    request.idempotencyKey = null;
    const where = and(eq(idempotencyKeys.accountId, held.accountId), eq(idempotencyKeys.key, held.key));
    if (reply.statusCode < 300 && typeof payload === 'string') {
      await db.update(idempotencyKeys).set({ statusCode: reply.statusCode, answer: payload }).where(where);
    } else {
      await db.delete(idempotencyKeys).where(where);
    }
    return payload;
  });
}
