import { isIP } from 'node:net';
import { passwordSchema } from '@tcm/contracts';
import { z } from 'zod';
import { type DataKeyConfig, defaultKeyFile, parseMasterKey } from './lib/crypto';

/**
 * The city's clinics keep Beijing time. The server counts calendar days (today, overdue, "not in the
 * future") in this zone whatever the host's clock zone is, e.g. a container on UTC, where the day
 * would otherwise change at 08:00 local time.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

function isTimeZone(zone: string): boolean {
  // POSIX ":/etc/localtime" (the host's zone file) is valid for Node but not a name Intl can check.
  if (zone.startsWith(':')) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** proxy-addr's names for the private ranges, accepted in a TRUST_PROXY list as Fastify accepts them. */
const NAMED_RANGES: ReadonlySet<string> = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies are believed when they name the client in X-Forwarded-For (Fastify's `trustProxy`):
 * - `false` (default): none; the client is the socket's peer.
 * - a hop count N: the N nearest proxies; the client is the Nth address from the right of the header,
 *   so addresses a client writes into the header itself (further left) are never taken.
 * - `true`: one hop, the usual single reverse proxy in front of the server. Believing every hop would
 *   let any client name itself by sending its own header (rate limits and the audit log fooled).
 * - a comma-separated list of addresses or CIDR ranges (and proxy-addr's `loopback`, `linklocal`,
 *   `uniquelocal`): only peers in the list are proxies; the client is the nearest address not in it.
 * undefined: not one of these.
 */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const text = value.trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops === 0 ? false : hops <= 32 ? hops : undefined;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every(isAddressOrRange) ? entries : undefined;
}

/** The setting as parsed: never `true`, which would believe every hop. */
export type TrustProxy = false | number | string[];

/**
 * Fastify's `trustProxy` option for the setting. Fastify takes a plain number as "trust nothing" (a
 * hop count alone cannot vouch for the peer), so a hop count is given as proxy-addr's trust function,
 * which walks from the socket's peer (hop 0) leftwards through X-Forwarded-For.
 */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Every setting the server reads, from the environment. Parsed once in main.ts (never at import),
 * so tests build their own config without touching process.env.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMS_PROVIDER: z.enum(['console', 'http']).default('console'),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((value) => parseTrustProxy(value) !== undefined, {
      message: 'not false, true, a hop count or a comma-separated list of proxy addresses/CIDR ranges',
    }),
  USER_CALLS_PER_MINUTE: z.coerce.number().int().min(10).max(100_000).default(600),
  PUBLIC_URL: z
    .string()
    .optional()
    .transform((url) => url || undefined)
    .refine((url) => url === undefined || isHttpUrl(url), { message: 'not an http(s) address such as https://tnb.example.org' }),
  API_DOCS: z.enum(['public', 'signed-in', 'off']).optional(),
  EXPORT_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  EXPORT_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  DATA_KEY: z
    .string()
    .optional()
    .transform((key) => key?.trim() || undefined)
    .refine((key) => key === undefined || parseMasterKey(key) !== null, { message: 'not 64 hex characters or base64 of 32 bytes' }),
  DATA_KEY_FILE: z
    .string()
    .optional()
    .transform((file) => file || undefined),
  DATA_KEY_PREVIOUS: z
    .string()
    .optional()
    .transform((keys) =>
      (keys ?? '')
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean),
    )
    .refine((keys) => keys.every((key) => parseMasterKey(key) !== null), { message: 'not a comma-separated list of data keys' }),
  TZ: z
    .string()
    .optional()
    .transform((zone) => zone || DEFAULT_TIME_ZONE)
    .refine(isTimeZone, { message: 'not an IANA time zone such as Asia/Shanghai' }),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** PGlite data folder, or 'memory://' for an in-memory database. Ignored when databaseUrl is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  webDistDir: string | undefined;
  logLevel: string;
  sms: { provider: 'console' | 'http'; httpUrl: string | undefined; httpToken: string | undefined };
  /** Required in production: the administrator created on first start. */
  admin: { username: string; password: string } | undefined;
  seedDemo: boolean;
  /** Which proxies may name the client in X-Forwarded-For (parseTrustProxy). */
  trustProxy: TrustProxy;
  /**
   * The address users open, e.g. https://tnb.example.org. When it is https, HSTS and CSP
   * upgrade-insecure-requests are sent on every answer; otherwise only on requests a trusted proxy
   * marks as https (x-forwarded-proto), so a clinic LAN on plain HTTP gets neither.
   */
  publicUrl: string | undefined;
  /**
   * Who may read the OpenAPI document and Swagger UI under /prod-api/docs: anyone, a signed-in user
   * (satoken header), or nobody (not served). Default: signed-in in production, public otherwise.
   * Only when public does /api/health tell anonymous callers the server's version.
   */
  apiDocs: 'public' | 'signed-in' | 'off';
  /** Exports streaming at once; more are refused with a message (code 429) until one ends. */
  exportConcurrency: number;
  /** An export whose client takes no bytes for this long is cut off, freeing its place (audited `aborted`). */
  exportIdleTimeoutMs: number;
  /** The clinics' time zone: the programme's "today" (overdue, due dates, not-in-the-future). */
  timeZone: string;
  /**
   * The key that encrypts ID numbers and mobiles at rest (lib/crypto, docs/security-data.md). Production
   * needs DATA_KEY or DATA_KEY_FILE; elsewhere a key is created once in DATA_DIR/data.key.
   */
  dataKeys: DataKeyConfig;
  security: SecurityConfig;
}

export interface SecurityConfig {
  sessionIdleMinutes: number;
  sessionAbsoluteDays: number;
  lockoutThreshold: number;
  lockoutWindowMinutes: number;
  lockoutMinutes: number;
  /** The longest wait the every-source slow-down of a login name imposes between two attempts. */
  loginSlowDownMaxSeconds: number;
  codeValidMinutes: number;
  codeResendSeconds: number;
  codeDailyLimit: number;
  codeMaxAttempts: number;
  /** Per-IP limits (requests per minute) on the sensitive public calls. */
  loginPerMinute: number;
  codePerMinute: number;
  registerPerMinute: number;
  /**
   * Calls per minute of one signed-in user, over all routes: far above what a doctor clicking through
   * screens makes (a busy screen is a handful of calls), low enough that one script cannot take the
   * server's two cores from everyone else.
   */
  userCallsPerMinute: number;
  /** argon2id cost: OWASP's m=19 MiB, t=2, p=1. */
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
}

export const DEFAULT_SECURITY: SecurityConfig = {
  sessionIdleMinutes: 120,
  sessionAbsoluteDays: 7,
  lockoutThreshold: 5,
  lockoutWindowMinutes: 15,
  lockoutMinutes: 15,
  loginSlowDownMaxSeconds: 60,
  codeValidMinutes: 5,
  codeResendSeconds: 60,
  codeDailyLimit: 10,
  codeMaxAttempts: 5,
  loginPerMinute: 20,
  codePerMinute: 10,
  registerPerMinute: 10,
  userCallsPerMinute: 600,
  argon2: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
};

export class ConfigError extends Error {}

/**
 * Why the configured administrator password fails the policy every other password meets (length,
 * letters and digits, not a common one), or null. The admin account holds the widest access.
 */
export function adminPasswordWeakness(password: string): string | null {
  const checked = passwordSchema.safeParse(password);
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'invalid');
}

export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${detail}`);
  }
  const e = parsed.data;
  if (e.SMS_PROVIDER === 'http' && !e.SMS_HTTP_URL) {
    throw new ConfigError('SMS_PROVIDER=http needs SMS_HTTP_URL');
  }
  if (e.NODE_ENV === 'production' && !e.DATA_KEY && !e.DATA_KEY_FILE) {
    throw new ConfigError(
      'Production mode needs DATA_KEY or DATA_KEY_FILE: the key that encrypts ID numbers and mobiles (docs/security-data.md)',
    );
  }
  const admin = e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : undefined;
  if (e.NODE_ENV === 'production' && !admin) {
    throw new ConfigError('Production mode needs ADMIN_USERNAME and ADMIN_PASSWORD for the administrator account');
  }
  const weakness = admin && adminPasswordWeakness(admin.password);
  if (weakness) throw new ConfigError(`ADMIN_PASSWORD does not meet the password policy: ${weakness}`);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL || undefined,
    webDistDir: e.WEB_DIST_DIR,
    logLevel: e.LOG_LEVEL,
    sms: { provider: e.SMS_PROVIDER, httpUrl: e.SMS_HTTP_URL, httpToken: e.SMS_HTTP_TOKEN },
    admin,
    seedDemo: e.NODE_ENV !== 'production' && e.SEED_DEMO === 'auto',
    trustProxy: parseTrustProxy(e.TRUST_PROXY) ?? false,
    publicUrl: e.PUBLIC_URL,
    apiDocs: e.API_DOCS ?? (e.NODE_ENV === 'production' ? 'signed-in' : 'public'),
    exportConcurrency: e.EXPORT_CONCURRENCY,
    exportIdleTimeoutMs: e.EXPORT_IDLE_TIMEOUT_SECONDS * 1000,
    timeZone: e.TZ,
    dataKeys: {
      key: e.DATA_KEY,
      file: e.DATA_KEY_FILE ?? defaultKeyFile(e.DATA_DIR),
      createFile: !e.DATA_KEY_FILE && e.NODE_ENV !== 'production',
      previous: e.DATA_KEY_PREVIOUS,
    },
    security: { ...DEFAULT_SECURITY, userCallsPerMinute: e.USER_CALLS_PER_MINUTE },
  };
}
