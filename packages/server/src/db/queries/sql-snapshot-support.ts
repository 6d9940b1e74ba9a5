import { drizzle } from 'drizzle-orm/node-postgres';
import { loadConfig } from '../../config';
import type { Actor, Ctx } from '../../lib/context';
import type { Db } from '../client';
import * as schema from '../schema';

/**
 * What the SQL snapshots (sql-snapshots.test.ts) render with: the application's own functions run on a
 * Drizzle instance over a driver that records every statement it is handed and answers no rows. The
 * text is what Drizzle's PostgreSQL dialect sends to the server, prepared statements with their names,
 * so a snapshot shows exactly what runs, with no database. Everything that varies per run is fixed:
 * the clock, the data key (blind indexes), the actors.
 */

export interface RecordedStatement {
  text: string;
  params: unknown[];
  /** The name of a prepared statement (db/prepared.ts). */
  name: string | undefined;
}

interface QueryConfig {
  text: string;
  values?: unknown[];
  name?: string;
}

/** A Drizzle database whose driver keeps the statements it receives and answers every one with no rows. */
export function recordingDb(): { db: Db; statements: RecordedStatement[] } {
  const statements: RecordedStatement[] = [];
  const client = {
    query(config: string | QueryConfig, values?: unknown[]) {
      const c = typeof config === 'string' ? { text: config } : config;
      statements.push({ text: c.text, params: values ?? c.values ?? [], name: c.name });
      return Promise.resolve({ rows: [], rowCount: 0, fields: [], command: 'SELECT' });
    },
  };
  return { db: drizzle({ client: client as never, schema }) as unknown as Db, statements };
}

/**
 * A fixed moment, noon UTC on 2026-03-01: "today" is read in the process's zone (lib/dates.ts), and it
 * is 2026-03-01 in every zone from UTC−11 to UTC+11, the clinics' Asia/Shanghai included.
 */
export const SNAPSHOT_NOW = new Date('2026-03-01T12:00:00.000Z');
export const SNAPSHOT_TODAY = '2026-03-01';
export const SNAPSHOT_CONFIG = loadConfig({ DATA_KEY: 'a1'.repeat(32), TZ: 'Asia/Shanghai' });

export const SNAPSHOT_DOCTOR: Actor = { id: 2, role: 'doctor', name: '快照医生', username: '13900000001', institutionId: 1, sessionId: 1 };
export const SNAPSHOT_ADMIN: Actor = { id: 1, role: 'admin', name: '快照管理员', username: 'admin', institutionId: null, sessionId: 2 };

export function snapshotCtx(db: Db, actor: Actor = SNAPSHOT_DOCTOR): Ctx {
  return {
    db,
    actor,
    requestId: 'snapshot',
    ip: '127.0.0.1',
    now: SNAPSHOT_NOW,
    config: SNAPSHOT_CONFIG,
    sms: { provider: 'snapshot', send: () => Promise.reject(new Error('the SQL snapshots send no SMS')) } as unknown as Ctx['sms'],
  };
}

/** Breaks a one-line statement at its clauses and conditions, so a diff points at the part that changed. */
function layout(text: string): string {
  if (text.includes('\n')) return text.trim();
  return text
    .replace(/ (from "|inner join |left join |where |group by |order by |limit |when |else )/g, '\n  $1')
    .replace(/ and /g, '\n    and ')
    .trim();
}

function param(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  return JSON.stringify(value) ?? String(value);
}

/** One statement as a snapshot shows it: where it comes from, its prepared name, its parameters. */
export function renderStatement(source: string, statement: RecordedStatement): string {
  const lines = [`-- ${source}`];
  if (statement.name) lines.push(`-- prepared as ${statement.name}`);
  if (statement.params.length > 0) lines.push(`-- ${statement.params.map((p, i) => `$${i + 1} = ${param(p)}`).join(', ')}`);
  return `${lines.join('\n')}\n${layout(statement.text)};\n`;
}
