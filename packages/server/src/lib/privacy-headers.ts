import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { isApiPath } from '../plugins/errors';

/** helmet's own default, which it sent on every answer before this moved here. */
const HSTS = 'max-age=31536000; includeSubDomains';
const UPGRADE = 'upgrade-insecure-requests';

/**
 * Whether the browser reached us over TLS. Only the operator can say so: PUBLIC_URL is https, or a
 * trusted proxy (TRUST_PROXY=true) marks the request x-forwarded-proto: https, which Fastify reads
 * into request.protocol only when the proxy is trusted. A clinic serving the app on its LAN over
 * plain HTTP must not be told to upgrade: its own scripts would then load from https and fail.
 */
function behindTls(request: FastifyRequest, config: Config): boolean {
  return Boolean(config.publicUrl?.startsWith('https:')) || request.protocol === 'https';
}

function addUpgradeDirective(reply: FastifyReply) {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp !== 'string' || csp.includes(UPGRADE)) return;
  reply.header('content-security-policy', `${csp.replace(/;\s*$/, '')};${UPGRADE}`);
}

/**
 * Headers about personal data in transit and at rest in caches, on every answer (errors and 404s
 * included, which is why this is an onSend hook and not per route):
 * - `Cache-Control: no-store` on everything under /prod-api: answers carry full ID numbers and
 *   mobiles, which neither a shared proxy nor the browser's disk cache may keep. The web app's static
 *   files keep the caching set where they are served.
 * - HSTS and CSP `upgrade-insecure-requests` only when TLS is in front (behindTls).
 */
export function registerPrivacyHeaders(app: FastifyInstance, config: Config): void {
  app.addHook('onSend', async (request, reply) => {
    // The matched route's pattern as well as the raw URL: a percent-encoded path still routes to an API call.
    if (isApiPath(request.url) || (request.routeOptions.url !== undefined && isApiPath(request.routeOptions.url))) {
      reply.header('cache-control', 'no-store');
    }
    if (behindTls(request, config)) {
      reply.header('strict-transport-security', HSTS);
      addUpgradeDirective(reply);
    }
  });
}
