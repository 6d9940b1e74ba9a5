import { fieldLabel, findInInput, findUnstorableText, INT4_MAX, ResponseCode, unstorableTextMessage } from '@tcm/contracts';
import { AppError } from '../lib/errors';

/**
 * PostgreSQL refusals that are the request's fault, as the envelope a person understands. The input
 * schemas refuse such values first; this is the last line, so that a value they let through (or a
 * race two valid requests run into) answers 400 or 409, never 500.
 */

/** The parts of a request a refused value may have come from, searched to name its field. */
export interface RequestInput {
  body: unknown;
  query: unknown;
  params: unknown;
}

interface PostgresError {
  code: string;
  severity?: string;
  constraint?: string;
  column?: string;
  detail?: string;
  message: string;
}

/** The PostgreSQL error itself, unwrapped from drizzle's DrizzleQueryError (its `cause`) or any wrapper. */
export function postgresErrorOf(error: unknown): PostgresError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Object; depth++) {
    const candidate = current as Partial<PostgresError> & { cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code) && typeof candidate.severity === 'string') {
      return candidate as PostgresError;
    }
    current = candidate.cause;
  }
  return null;
}

const GROUP_NAMES: Record<string, string> = { managed: '管理组', comparison: '对照组' };

/** The message the services give for the same duplicate, per unique constraint. */
const DUPLICATE_MESSAGES: Record<string, (detail: string) => string> = {
  patients_cohort_id_num_uq: (detail) => {
    // detail: Key (cohort, id_num)=(comparison, …) already exists.
    const group = GROUP_NAMES[/=\((managed|comparison),/.exec(detail)?.[1] ?? ''];
    return group ? `该身份证号已在${group}中登记` : '该身份证号已登记';
  },
  accounts_username_unique: () => '该手机号已注册，请直接登录或找回密码',
  institutions_name_unique: () => '该机构名称已存在',
};

/** The first number (or digit string) in the request outside int4, the usual cause of 22003. */
function findOutOfRange(input: unknown): PropertyKey[] | null {
  return findInInput(input, (value) => {
    const number = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : null;
    return number !== null && Math.abs(number) > INT4_MAX;
  });
}

function locate(input: RequestInput, find: (value: unknown) => PropertyKey[] | null): PropertyKey[] | null {
  for (const part of [input.params, input.query, input.body]) {
    const path = find(part);
    if (path && path.length > 0) return path;
  }
  return null;
}

const UNSTORABLE_STATES = new Set(['22P05', '22021', '22P02', '22P06']);

function dataError(error: PostgresError, input: RequestInput): AppError {
  const badRequest = (message: string) => new AppError(ResponseCode.BAD_REQUEST, message, 400);
  const unstorable = locate(input, findUnstorableText);
  // 22P05 (NUL in jsonb), 22021 (NUL in text) and a lone surrogate in json (22P02): name the field holding it.
  if (UNSTORABLE_STATES.has(error.code) && unstorable) return badRequest(unstorableTextMessage(fieldLabel(unstorable, '内容')));
  switch (error.code) {
    case '22P05':
    case '22021':
      return badRequest(unstorableTextMessage('请求内容'));
    case '22003': {
      const path = locate(input, findOutOfRange);
      return badRequest(path ? `${fieldLabel(path, '数值')}超出允许的范围` : '请求中的数值超出允许的范围');
    }
    case '22001':
      return badRequest('请求中的文字过长');
    case '22007':
    case '22008':
      return badRequest('请求中的日期或时间无效');
    case '22P02':
      return badRequest('请求参数格式不正确');
    default:
      return badRequest('请求参数不正确');
  }
}

/** The answer to a database error caused by the request, or null when it is the server's own fault. */
export function databaseErrorAnswer(error: unknown, input: RequestInput): AppError | null {
  const pg = postgresErrorOf(error);
  if (!pg) return null;
  if (pg.code.startsWith('22')) return dataError(pg, input);
  switch (pg.code) {
    case '23505': {
      const message = DUPLICATE_MESSAGES[pg.constraint ?? '']?.(pg.detail ?? '') ?? '该记录已存在，请勿重复提交';
      return new AppError(ResponseCode.CONFLICT, message, 409);
    }
    case '23503':
      return new AppError(ResponseCode.BAD_REQUEST, '所选的关联记录不存在', 400);
    case '23502':
      return new AppError(ResponseCode.BAD_REQUEST, `缺少必填内容${pg.column ? `（${pg.column}）` : ''}`, 400);
    case '23514':
      return new AppError(ResponseCode.BAD_REQUEST, '请求内容不符合要求', 400);
    default:
      return null;
  }
}

/** The message of every answer to a request the database could not serve because it was away. */
export const DATABASE_UNAVAILABLE_MESSAGE = '数据库暂时不可用，请稍后重试';

/**
 * SQLSTATEs of a database that is away or refusing sessions: connection exceptions (class 08), an
 * administrator or crash shutdown and a server still starting (57P01–57P03), too many connections.
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
/** node-postgres's own errors for a connection that died or never came (pg/lib/client.js, pg-pool). */
const LOST_CONNECTION_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
]);
/** Socket errors of the database connection (ECONNREFUSED while PostgreSQL restarts, …). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * The error itself and, when Drizzle wrapped it (DrizzleQueryError), the driver's error inside.
 * Only that one wrapper is opened: a socket error wrapped by anything else (fetch's "fetch failed"
 * around an SMS gateway's ECONNREFUSED) is not the database's.
 */
function driverErrors(error: unknown): unknown[] {
  const wrapped = error instanceof Error && error.constructor.name === 'DrizzleQueryError' ? [error.cause] : [];
  return [error, ...wrapped];
}

/** Whether the request failed because the database was unreachable or ended its session. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pg = postgresErrorOf(error);
  if (pg) return UNAVAILABLE_STATES.test(pg.code);
  return driverErrors(error).some((candidate) => {
    if (!(candidate instanceof Error)) return false;
    const code = (candidate as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    // An AggregateError of the connection attempts to each address of the host.
    if (candidate instanceof AggregateError) return candidate.errors.some((inner) => isDatabaseUnavailable(inner));
    return LOST_CONNECTION_MESSAGES.has(candidate.message);
  });
}

export function databaseUnavailable(): AppError {
  return new AppError(ResponseCode.SERVICE_UNAVAILABLE, DATABASE_UNAVAILABLE_MESSAGE, 503);
}

/**
 * Whether a write failed for lack of disk space: PostgreSQL's disk_full (53100, PGlite's included:
 * its file system's ENOSPC reaches PostgreSQL as "could not extend file"), or ENOSPC itself (a Node
 * write, or Emscripten's ErrnoError with errno 28 from PGlite's file system).
 */
export function isDiskFull(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Object; depth++) {
    const candidate = current as { code?: unknown; errno?: unknown; name?: unknown; cause?: unknown };
    if (candidate.code === '53100' || candidate.code === 'ENOSPC') return true;
    if (candidate.name === 'ErrnoError' && candidate.errno === 28) return true;
    current = candidate.cause;
  }
  return false;
}
