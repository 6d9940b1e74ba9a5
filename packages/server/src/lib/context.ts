import type { Config } from '../config';
import type { Db } from '../db/client';
import type { SmsSender } from '../sms/sms-sender';

/** Who is calling: resolved from the satoken header by the auth plugin. */
export interface Actor {
  id: number;
  role: 'admin' | 'doctor';
  name: string;
  username: string;
  institutionId: number | null;
  sessionId: number;
}

/** What every service verb receives besides its input. */
export interface Ctx {
  db: Db;
  actor: Actor | null;
  requestId: string;
  ip: string;
  now: Date;
  config: Config;
  sms: SmsSender;
}

export interface ServiceCall<I> {
  ctx: Ctx;
  input: I;
}

/** Run `fn` in one transaction with a context whose db is that transaction. */
export async function inTransaction<T>(ctx: Ctx, fn: (tx: Ctx) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => fn({ ...ctx, db: tx as unknown as Db }));
}

export function requireActor(ctx: Ctx): Actor {
  if (!ctx.actor) throw new Error('requireActor called on a public route');
  return ctx.actor;
}
