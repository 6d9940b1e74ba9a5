import { API_BASE, DEFAULT_INSTITUTIONS, TOKEN_HEADER } from '@tcm/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../src/app';
import { type Config, DEFAULT_SECURITY, type SecurityConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import type { RouteAccess } from '../../src/plugins/access';
import { seedBaseline } from '../../src/seed/baseline';
import { createSmsSender, type SmsMessage } from '../../src/sms/sms-sender';
import { createTestDatabase, type DatabaseKind } from './databases';

export interface TestApp {
  kind: DatabaseKind;
  app: FastifyInstance;
  database: Database;
  routes: RouteAccess[];
  config: Config;
  /** Every SMS the app sent, newest last. */
  sms: SmsMessage[];
  /** Calls `${API_BASE}${path}`; returns the parsed envelope and the raw response. */
  call<T = unknown>(options: ApiCall): Promise<ApiResult<T>>;
  close(): Promise<void>;
}

export interface ApiCall {
  method: InjectOptions['method'];
  path: string;
  token?: string | undefined;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** The client address the server sees (default 127.0.0.1). */
  remoteAddress?: string;
}

export interface ApiResult<T> {
  status: number;
  code: number;
  message: string;
  data: T;
  headers: Record<string, unknown>;
  raw: string;
}

/** The data key of every test app: fixed, so a second app on the same database opens what the first sealed. */
export const TEST_DATA_KEY = '7e57'.repeat(16);

export function testConfig(overrides: Partial<SecurityConfig> = {}): Config {
  return {
    nodeEnv: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    databaseUrl: undefined,
    webDistDir: undefined,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    sms: { provider: 'console', httpUrl: undefined, httpToken: undefined },
    admin: undefined,
    seedDemo: false,
    trustProxy: false,
    publicUrl: undefined,
    apiDocs: 'public',
    exportConcurrency: 2,
    exportIdleTimeoutMs: 60_000,
    // In production the process's own time zone is the clinics' (main.ts sets TZ from it), so every
    // "today" agrees; the test process keeps the machine's, and the clinics' zone here is that one. With
    // Asia/Shanghai on a UTC machine the reminder schedule's day ran one ahead from 16:00 to 24:00 UTC.
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    dataKeys: { key: TEST_DATA_KEY, file: './data/data.key', createFile: false, previous: [] },
    // Cheaper argon2 keeps the suite fast; the production parameters are covered by the config test.
    security: {
      ...DEFAULT_SECURITY,
      loginPerMinute: 1000,
      codePerMinute: 1000,
      registerPerMinute: 1000,
      argon2: { memoryCost: 4096, timeCost: 1, parallelism: 1 },
      ...overrides,
    },
  };
}

export async function createTestApp(
  kind: DatabaseKind,
  security: Partial<SecurityConfig> = {},
  /** logStream: capture the app's log lines (at level info) instead of discarding them. */
  options: { logStream?: NodeJS.WritableStream; config?: Partial<Config> } = {},
): Promise<TestApp> {
  const { database, drop } = await createTestDatabase(kind);
  const config = { ...testConfig(security), ...(options.logStream ? { logLevel: 'info' } : {}), ...options.config };
  await seedBaseline(database.db, config);
  const sms: SmsMessage[] = [];
  const sender = createSmsSender({
    name: 'test',
    async deliver(message) {
      sms.push(message);
    },
  });
  const { app, routes } = await buildApp({ config, database, sms: sender, ...(options.logStream ? { logStream: options.logStream } : {}) });
  await app.ready();
  return {
    kind,
    app,
    database,
    routes,
    config,
    sms,
    async call<T>(options: ApiCall): Promise<ApiResult<T>> {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers[TOKEN_HEADER] = options.token;
      const query: Record<string, string> = {};
      for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) query[k] = String(v);
      const response = await app.inject({
        method: options.method,
        url: `${API_BASE}${options.path}`,
        headers,
        query,
        ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
        ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
      });
      const raw = response.body;
      let parsed: { code?: number; message?: string; data?: unknown } = {};
      try {
        parsed = JSON.parse(raw);
      } catch {
        // Non-JSON (files): leave the envelope fields empty.
      }
      return {
        status: response.statusCode,
        code: parsed.code ?? Number.NaN,
        message: parsed.message ?? '',
        data: parsed.data as T,
        headers: response.headers,
        raw,
      };
    },
    async close() {
      await app.close();
      await drop();
    },
  };
}

export const INSTITUTION_A = DEFAULT_INSTITUTIONS[0]!.id;
export const INSTITUTION_B = DEFAULT_INSTITUTIONS[1]!.id;
