import type { Socket } from 'node:net';
import { ResponseCode } from '@tcm/contracts';
import { HELMET_OPTIONS, helmetHeaders } from '../lib/security-headers';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (Fastify's `clientErrorHandler`): a
 * request line with raw (not percent-encoded) UTF-8 or other bytes a URL may not hold, a URL or
 * header block over Node's 16 KB, a request that takes too long to arrive. They answer the envelope
 * with the same security headers as every other answer, written straight to the socket because no
 * request exists yet; the connection is then closed, as Node does.
 */

const ANSWERS: Record<string, { status: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', message: '请求地址或请求头过长' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', message: '请求超时，请重试' },
};
const MALFORMED = { status: 400, reason: 'Bad Request', message: '请求地址或请求格式不正确' };

/** `hsts`: TLS is known to be in front (PUBLIC_URL is https), as lib/privacy-headers.ts decides. */
export function clientErrorAnswer(options: { hsts: boolean }) {
  const fixed = helmetHeaders(HELMET_OPTIONS);
  if (options.hsts) fixed.push(['strict-transport-security', 'max-age=31536000; includeSubDomains']);
  const headerLines = fixed.map(([name, value]) => `${name}: ${value}\r\n`).join('');

  return function answerClientError(error: Error & { code?: string }, socket: Socket): void {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const answer = ANSWERS[error.code ?? ''] ?? MALFORMED;
    const body = JSON.stringify({ code: ResponseCode.BAD_REQUEST, data: {}, message: answer.message });
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${answer.status} ${answer.reason}\r\n` +
          'content-type: application/json; charset=utf-8\r\n' +
          `content-length: ${Buffer.byteLength(body)}\r\n` +
          'cache-control: no-store\r\n' +
          headerLines +
          'connection: close\r\n\r\n' +
          body,
      );
    }
    socket.destroy(error);
  };
}
