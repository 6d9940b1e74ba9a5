import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * One route's files as the web build lists them in dist/route-preloads.json
 * (packages/web/scripts/route-preloads.mjs): what its first paint needs beyond the entry's files,
 * which index.html already names.
 */
export interface RoutePreloads {
  /** The route's path as the router writes it: literal segments and `:param` segments. */
  path: string;
  scripts: string[];
  styles: string[];
  /**
   * The HTML of the route's first-paint frame (packages/web/src/app/first-paint-frame.ts), resolved from
   * the list's `frames` by the name the route gives: what the browser paints with the page, before the
   * app has downloaded.
   */
  frame?: string;
}

/** The app shell's HTML for one page, ready in each encoding a browser may accept. */
export interface PageHtml {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** A strong validator of the identity body; each encoding's ETag adds its name. */
  hash: string;
}

/** Only the build's own hashed asset files are ever written into a link (the list comes from a file). */
const ASSET_HREF = /^\/assets\/[\w.-]+\.(js|css)$/;
const PATH_SEGMENT = /^(:?[\w-]+)$/;
/** A frame is one element of the build's own making, with its stylesheet and nothing that runs. */
const FRAME = /^<div id="first-paint" data-frame="\w+" aria-hidden="true">[\s\S]*<\/div>$/;
const ROOT = '<div id="root">';

function pageHtml(html: string): PageHtml {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
    hash: createHash('sha256').update(identity).digest('base64url').slice(0, 22),
  };
}

/** The `<link>` elements that let the browser fetch a route's files with the entry's, in one wave. */
function preloadLinks(route: RoutePreloads): string {
  const scripts = route.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
  // Vite's loader adds each stylesheet itself once the route's module is imported; a preload fetches
  // it early without applying it before the app does.
  const styles = route.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`);
  return [...scripts, ...styles].join('\n    ');
}

/** Reads and checks the build's list; anything unexpected drops the list, never the page. */
export function parseRoutePreloads(text: string): RoutePreloads[] {
  const parsed: unknown = JSON.parse(text);
  const { routes, frames = {} } = parsed as { routes?: unknown; frames?: Record<string, unknown> };
  if (!Array.isArray(routes)) throw new Error('route-preloads.json: no `routes` list');
  for (const [name, html] of Object.entries(frames)) {
    if (typeof html !== 'string' || !FRAME.test(html) || /<script|\son\w+\s*=|javascript:/i.test(html)) {
      throw new Error(`route-preloads.json: the frame ${JSON.stringify(name)} is not a first-paint frame`);
    }
  }
  return routes.map((route: Partial<RoutePreloads>) => {
    const segments = typeof route.path === 'string' ? route.path.split('/').slice(1) : [];
    const frame = route.frame === undefined ? undefined : Object.hasOwn(frames, route.frame) ? frames[route.frame] : null;
    const valid =
      segments.length > 0 &&
      segments.every((segment) => PATH_SEGMENT.test(segment)) &&
      Array.isArray(route.scripts) &&
      Array.isArray(route.styles) &&
      [...route.scripts, ...route.styles].every((href) => typeof href === 'string' && ASSET_HREF.test(href)) &&
      frame !== null;
    if (!valid) throw new Error(`route-preloads.json: an unexpected entry ${JSON.stringify(route).slice(0, 200)}`);
    const { path, scripts, styles } = route as RoutePreloads;
    return frame === undefined ? { path, scripts, styles } : { path, scripts, styles, frame: frame as string };
  });
}

/** Whether a request path (no query) is one a route pattern shows; `:param` takes one segment. */
function matches(pattern: string[], segments: string[]): boolean {
  return (
    pattern.length === segments.length &&
    pattern.every((part, index) => (part.startsWith(':') ? segments[index] !== '' : part === segments[index]))
  );
}

/**
 * The app shell's HTML for each page: index.html as built, and for a route the build lists, the same
 * with links to that route's files, so the browser requests them with the entry's instead of in a
 * second wave once the entry has run (on a slow line each wave pays the latency again), and with the
 * route's first-paint frame, which the browser paints before any of them has arrived. Built once, at
 * start.
 */
export function createPageHtml(indexHtml: string, routes: readonly RoutePreloads[]): (requestPath: string) => PageHtml {
  const plain = pageHtml(indexHtml);
  const headEnd = indexHtml.indexOf('</head>');
  // Routes with the same files (/login and /login/:type) share one page.
  const built = new Map<string, PageHtml>();
  const pages =
    headEnd < 0
      ? []
      : routes.map((route) => {
          const withLinks = `${indexHtml.slice(0, headEnd)}  ${preloadLinks(route)}\n  ${indexHtml.slice(headEnd)}`;
          // The frame goes just before the app's root, which the app renders into.
          const rootAt = withLinks.indexOf(ROOT);
          const html =
            route.frame && rootAt > headEnd ? `${withLinks.slice(0, rootAt)}${route.frame}\n    ${withLinks.slice(rootAt)}` : withLinks;
          if (!built.has(html)) built.set(html, pageHtml(html));
          return { pattern: route.path.split('/').slice(1), html: built.get(html) as PageHtml };
        });
  return (requestPath) => {
    const segments = requestPath.replace(/\/+$/, '').split('/').slice(1);
    return pages.find((page) => matches(page.pattern, segments))?.html ?? plain;
  };
}

/** The encoding to send: brotli, else gzip, else none, as the Accept-Encoding header allows. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}
