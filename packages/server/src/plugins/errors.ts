import { API_BASE, ResponseCode } from '@tcm/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DISK_FULL_MESSAGE } from '../db/disk-space';
import { AppError } from '../lib/errors';
import { databaseErrorAnswer, databaseUnavailable, isDatabaseUnavailable, isDiskFull } from './database-errors';

const HAS_CJK = /[\u4e00-\u9fff]/;

interface ValidationIssue {
  instancePath: string;
  message?: string;
}

/** One sentence a person understands, naming the field when the schema's message does not. */
function describeValidation(issues: ValidationIssue[], where: string): string {
  const first = issues[0];
  if (!first) return '请求参数不正确';
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const message = first.message ?? 'invalid';
  if (HAS_CJK.test(message)) return message;
  return field ? `参数 ${field} 不正确：${message}` : `${where}不正确：${message}`;
}

function send(reply: FastifyReply, status: number, code: number, message: string, data: unknown = {}) {
  return reply.status(status).type('application/json; charset=utf-8').send({ code, data, message });
}

/**
 * Turns every error into the `{code, data, message}` envelope. Client mistakes get a 4xx and a clear
 * message; anything unexpected is logged with the request id and answered with a generic message.
 */
export function registerErrorHandling(app: FastifyInstance, hooks: { onDiskFull?(): void } = {}): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return send(reply, error.httpStatus, error.code, error.message, error.data);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext === 'querystring' ? '查询参数' : '请求内容';
      return send(reply, 400, ResponseCode.BAD_REQUEST, describeValidation(error.validation, where));
    }
    if (error.validation) {
      return send(reply, 400, ResponseCode.BAD_REQUEST, describeValidation(error.validation as ValidationIssue[], '请求内容'));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 400, ResponseCode.BAD_REQUEST, '请求内容不是有效的 JSON');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 413, ResponseCode.PAYLOAD_TOO_LARGE, '请求内容过大');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, 415, ResponseCode.BAD_REQUEST, '不支持的请求内容类型，请使用 JSON');
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return send(reply, 400, ResponseCode.BAD_REQUEST, '请求内容长度不正确');
    }
    // The database went away (a restart, a failover, a cut network): nothing was committed and the
    // pool reconnects by itself, so the client may simply try again.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      const answer = databaseUnavailable();
      return send(reply, answer.httpStatus, answer.code, answer.message);
    }
    // Nothing was written (the transaction failed); the administrator must free space, and health says so.
    if (isDiskFull(error)) {
      hooks.onDiskFull?.();
      request.log.error({ err: error }, 'write refused: no space left on the database disk');
      return send(reply, 503, ResponseCode.SERVICE_UNAVAILABLE, DISK_FULL_MESSAGE);
    }
    // A value PostgreSQL refuses (class 22) or a duplicate a race let through (23505) is the request's
    // fault: 400 or 409 naming the field. The cleaned error (no parameters) is kept at info level.
    const refused = databaseErrorAnswer(error, { body: request.body, query: request.query, params: request.params });
    if (refused) {
      request.log.info({ err: error }, 'database refused the request');
      return send(reply, refused.httpStatus, refused.code, refused.message, refused.data);
    }
    if (error.statusCode === 429) {
      return send(reply, 429, ResponseCode.TOO_MANY_REQUESTS, '请求过于频繁，请稍后再试');
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return send(reply, error.statusCode, ResponseCode.BAD_REQUEST, '请求不正确');
    }
    if (isResponseSerializationError(error as never)) {
      request.log.error({ err: error, issues: (error as { cause?: unknown }).cause }, 'response did not match its schema');
    } else {
      request.log.error({ err: error }, 'unexpected error');
    }
    return send(reply, 500, ResponseCode.INTERNAL, `系统错误，请稍后再试（请求编号 ${request.id}）`);
  });
}

/**
 * Errors the router raises before any route or hook runs (Fastify's `frameworkErrors`): a path that
 * is not valid percent-encoded UTF-8, or a path parameter longer than the router takes. The path is
 * not echoed: it may carry anything.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') send(reply, 414, ResponseCode.BAD_REQUEST, '请求地址中的参数过长');
  else send(reply, 400, ResponseCode.BAD_REQUEST, '请求地址不正确');
}

/** Unknown API paths answer the envelope; other GETs are left to the SPA fallback. */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, ResponseCode.NOT_FOUND, `接口不存在：${request.method} ${request.url.split('?')[0]}`);
}

export function isApiPath(url: string): boolean {
  return url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`);
}
