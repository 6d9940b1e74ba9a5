import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { createPageHtml, type PageHtml, parseRoutePreloads, pickEncoding, type RoutePreloads } from '../lib/page-html';
import { apiNotFound, isApiPath } from './errors';

/** The web build's list of each route's files (packages/web/scripts/route-preloads.mjs); never served. */
const ROUTE_PRELOADS = 'route-preloads.json';

function readRoutePreloads(app: FastifyInstance, root: string): RoutePreloads[] {
  const file = path.join(root, ROUTE_PRELOADS);
  if (!existsSync(file)) return [];
  try {
    return parseRoutePreloads(readFileSync(file, 'utf8'));
  } catch (error) {
    // Pages still load without it, only in two waves.
    app.log.warn({ err: error }, `${ROUTE_PRELOADS} is unreadable; pages are served without route preloads`);
    return [];
  }
}

/**
 * Serves the built web app with an SPA fallback so deep links such as /userList/running load it. A
 * page's HTML names the files of the route it opens (lib/page-html.ts).
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string | undefined) {
  const root = webDistDir ? path.resolve(webDistDir) : undefined;
  const hasWeb = root !== undefined && existsSync(path.join(root, 'index.html'));
  let pageFor: ((requestPath: string) => PageHtml) | undefined;
  if (hasWeb) {
    pageFor = createPageHtml(readFileSync(path.join(root, 'index.html'), 'utf8'), readRoutePreloads(app, root));
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The web build writes .br/.gz siblings (packages/web/scripts/compress.mjs).
      preCompressed: true,
      allowedPath: (pathName) => !pathName.startsWith(`/${ROUTE_PRELOADS}`),
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (pageFor && !isApiPath(request.url) && (request.method === 'GET' || request.method === 'HEAD')) {
      const file = request.url.split('?')[0] ?? '/';
      // A missing asset is a real 404; only page routes fall back to the app shell.
      if (!path.extname(file)) {
        const page = pageFor(file);
        const encoding = pickEncoding(request.headers['accept-encoding']);
        const etag = `"${page.hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;
        reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', etag);
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        if (encoding !== 'identity') reply.header('content-encoding', encoding);
        return reply.type('text/html; charset=utf-8').send(page[encoding]);
      }
    }
    return apiNotFound(request, reply);
  });
}
