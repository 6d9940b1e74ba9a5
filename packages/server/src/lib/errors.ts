import { ResponseCode } from '@tcm/contracts';

/** The one error type: a response code, a message a person understands, and the HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = 400,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(ResponseCode.BAD_REQUEST, message, 400);
export const forbidden = (message = '无权访问该数据') => new AppError(ResponseCode.FORBIDDEN, message, 403);
export const notFound = (message = '记录不存在') => new AppError(ResponseCode.NOT_FOUND, message, 404);
export const conflict = (message: string) => new AppError(ResponseCode.CONFLICT, message, 409);
export const tooMany = (message: string) => new AppError(ResponseCode.TOO_MANY_REQUESTS, message, 429);
export const sessionExpired = () => new AppError(ResponseCode.SESSION_EXPIRED, '登录信息已过期，请重新登录', 401);
