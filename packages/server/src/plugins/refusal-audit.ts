import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { writeAudit } from '../lib/audit';
import { AppError } from '../lib/errors';
import { RefusalThrottle } from '../lib/refusal-throttle';

/**
 * Every refused call (an AppError carrying a refusal reason: no valid session, a role the route is
 * not for, another institution's data, a rule of the programme) is audited with who asked (the
 * session's user, or none), from where (the address), what (method and route pattern, never the
 * query, which may hold identifiers) and why (the action, and the message the caller got). The
 * throttle keeps a flood to a few rows per source, reason and route a minute (RefusalThrottle).
 */
export function registerRefusalAudit(app: FastifyInstance): void {
  const throttle = new RefusalThrottle();
  app.addHook('onError', async (request: FastifyRequest, _reply: FastifyReply, error: FastifyError) => {
    if (!(error instanceof AppError) || !error.refusal || !request.ctx) return;
    const ctx = request.ctx;
    const route = `${request.method} ${request.routeOptions.url ?? '?'}`;
    const source = ctx.actor ? `user:${ctx.actor.id}` : `ip:${ctx.ip}`;
    const decision = throttle.admit(`${error.refusal}|${source}|${route}`, error.refusal, ctx.now.getTime());
    if (!decision.write) return;
    const { write: _write, ...counts } = decision;
    try {
      await writeAudit(ctx, { action: error.refusal, entity: 'route', detail: { route, message: error.message, ...counts } });
    } catch (failure) {
      // The caller still gets the refusal; the failed write is an operator's concern.
      request.log.error({ err: failure }, 'could not audit a refused call');
    }
  });
}
