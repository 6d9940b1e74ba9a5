import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The browser security headers of every answer (API, errors, the web app's files), from helmet's
 * defaults and the app's CSP.
 *
 * The headers do not depend on the request, so helmet runs once, at start-up, against a recording
 * response, and each answer gets the recorded list. @fastify/helmet, used before, rebuilt the whole
 * helmet middleware (parsing the options, joining the CSP) on every request: 4.6 % of the server's CPU
 * under load (docs/performance.md). HSTS and `upgrade-insecure-requests` depend on TLS being in front
 * and are added per request by lib/privacy-headers.ts.
 */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Ant Design injects its CSS-in-JS styles at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // Sent only when TLS is in front (lib/privacy-headers.ts), like HSTS.
      upgradeInsecureRequests: null,
    },
  },
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet sets with these options, lower-cased, in the order it sets them. */
export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = helmetHeaders(HELMET_OPTIONS);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });
}
