import { BACKGROUND_POLL_HEADER, TOKEN_HEADER } from '@tcm/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Actor, Ctx } from '../lib/context';
import { forbidden, sessionExpired, tooMany } from '../lib/errors';
import { resolveSession } from '../modules/auth/session-store';
import type { SmsSender } from '../sms';

/**
 * Who may call a route. Every API route must declare one (checked at registration), so that a new
 * route cannot silently go out without a rule; the access matrix test enumerates them.
 */
export type Access = 'public' | 'authenticated' | 'doctor' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    actor: Actor | null;
    ctx: Ctx;
  }
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

export function registerAccessControl(
  app: FastifyInstance,
  deps: { database: Database; config: Config; sms: SmsSender; isApiRoute: (url: string) => boolean; routes: RouteAccess[] },
): void {
  app.addHook('onRoute', (route) => {
    if (!deps.isApiRoute(route.url) || route.url.includes('/docs')) return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') deps.routes.push({ method, url: route.url, access });
    }
  });

  app.decorateRequest('actor', null);
  app.decorateRequest('ctx', null as unknown as Ctx);

  // One budget per signed-in user over every route (SecurityConfig.userCallsPerMinute); the public
  // calls keep their per-address limits.
  const userCalls = app.createRateLimit({
    max: deps.config.security.userCallsPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `user:${request.actor?.id}`,
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const now = new Date();
    request.ctx = {
      db: deps.database.db,
      actor: null,
      requestId: request.id,
      ip: request.ip,
      now,
      config: deps.config,
      sms: deps.sms,
    };
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const header = request.headers[TOKEN_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token || token.length > 200) throw sessionExpired();
    const isActivity = request.headers[BACKGROUND_POLL_HEADER] !== '1';
    const actor = await resolveSession(deps.database.db, token, now, deps.config.security, isActivity);
    if (!actor) throw sessionExpired();
    // Known before the role check, so that a refusal is audited with who asked.
    request.actor = actor;
    request.ctx.actor = actor;
    const calls = await userCalls(request);
    if (!calls.isAllowed && calls.isExceeded) {
      reply.header('retry-after', calls.ttlInSeconds);
      throw tooMany('请求过于频繁，请稍后再试');
    }
    if (access === 'doctor' && actor.role !== 'doctor') throw forbidden('该操作仅限医生', 'denied.role');
    if (access === 'admin' && actor.role !== 'admin') throw forbidden('该操作仅限管理员', 'denied.role');
  });
}
