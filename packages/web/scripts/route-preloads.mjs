// After the Vite build (build.mjs) and compress.mjs: for each route, the files its first paint needs beyond the
// entry's (which index.html already preloads), written to dist/route-preloads.json. The server puts
// them into the index.html it sends for that route (packages/server/src/lib/page-html.ts), so the
// browser fetches the route's chunks with the entry's instead of in a second wave once the entry has
// run; the server never serves the file itself, so it is written after compress.mjs (no .br/.gz
// siblings). The files are the web budget's own count of a first paint (budget-model.mjs).
//
// The record screens, generated from RECORD_ROUTES (src/lib/routes.ts), are listed by that table's
// paths, and a layout's index route by its layout's path. Left out: `/`, which shows the home to a
// signed-in person and sends anyone else to the login screen (only the browser knows which), the
// catch-all, and the prescription kinds (generated under /prescribe from the contracts' table); those
// load in two waves.
//
// Each route also names its first-paint frame (src/app/first-paint-frame.ts), whose HTML the Vite build
// wrote to build-meta/first-paint-frames.json: the shell's header for the screens inside the signed-in
// shell, the brand for the login, register and reset-password screens, none for the others.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { budgetInput, dist, webRoot } from './budget-input.mjs';
import { computeBudget } from './budget-model.mjs';
import { readPathTable } from './route-table.mjs';

/** Literal and `:param` segments only (a path the server can match). */
const PAGE_PATH = /^(\/:?[\w-]+)+$/;

const sizeOf = (file) => statSync(path.join(dist, file)).size;
const input = budgetInput(sizeOf);
const { entry, rows } = computeBudget(input);
const frames = JSON.parse(readFileSync(path.join(webRoot, 'build-meta/first-paint-frames.json'), 'utf8'));
const AUTH_SCREENS = new Set(['LoginPage', 'RegisterPage', 'ResetPasswordPage']);
const modulesOf = new Map(input.routes.map((route) => [route.path, route.modules]));
/** The frame of a route: AuthLayout's screens, or the screens AppShell frames. */
const frameOf = (row) => {
  if (AUTH_SCREENS.has(row.screen)) return 'auth';
  return modulesOf.get(row.route)?.includes('src/app/AppShell') ? 'shell' : undefined;
};
// The largest files first: on a slow line they are the long poles, and the small ones fill the gaps.
const largestFirst = (files) => [...files].sort((a, b) => sizeOf(b) - sizeOf(a) || a.localeCompare(b)).map((file) => `/${file}`);
const RECORD_PATHS = readPathTable(path.join(webRoot, 'src/lib/routes.ts'), 'RECORD_ROUTES');
/** The request paths a budget row stands for. */
const pathsOf = (route) => {
  if (route === '/RECORD_ROUTES[]') return RECORD_PATHS;
  const page = route.replace(/ \(index\)$/, '');
  return PAGE_PATH.test(page) ? [page] : [];
};
const routes = rows.flatMap((row) =>
  pathsOf(row.route).map((page) => ({
    path: page,
    scripts: largestFirst([...row.files].filter((file) => !entry.files.has(file))),
    styles: largestFirst([...row.styles].filter((file) => !entry.styles.has(file))),
    frame: frameOf(row),
  })),
);
writeFileSync(path.join(dist, 'route-preloads.json'), `${JSON.stringify({ routes, frames }, null, 1)}\n`);
console.log(`route preloads: ${routes.length} routes (${routes.map((route) => route.path).join(', ')})`);
