import { ResponseCode } from '@tcm/contracts';

/**
 * Why a call was refused, which is also the action of its audit row: no valid session, a role the
 * route is not for, data of another institution, or a rule of the programme (an instrument the
 * patient's group does not fill).
 */
export type RefusalReason = 'denied.token' | 'denied.role' | 'denied.scope' | 'denied.rule';

/** The one error type: a response code, a message a person understands, and the HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = 400,
    readonly data: Record<string, unknown> = {},
    /** Set on refusals (401, 403): they are audited under this action. */
    readonly refusal?: RefusalReason,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(ResponseCode.BAD_REQUEST, message, 400);
export const forbidden = (message = '无权访问该数据', reason: RefusalReason = 'denied.rule') =>
  new AppError(ResponseCode.FORBIDDEN, message, 403, {}, reason);
export const notFound = (message = '记录不存在') => new AppError(ResponseCode.NOT_FOUND, message, 404);
export const conflict = (message: string) => new AppError(ResponseCode.CONFLICT, message, 409);
export const tooMany = (message: string) => new AppError(ResponseCode.TOO_MANY_REQUESTS, message, 429);
export const sessionExpired = () => new AppError(ResponseCode.SESSION_EXPIRED, '登录信息已过期，请重新登录', 401, {}, 'denied.token');
