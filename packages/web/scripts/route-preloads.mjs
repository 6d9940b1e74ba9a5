// After the Vite build (build.mjs) and compress.mjs: for each route, the files its first paint needs beyond the
// entry's (which index.html already preloads), written to dist/route-preloads.json. The server puts
// them into the index.html it sends for that route (packages/server/src/lib/page-html.ts), so the
// browser fetches the route's chunks with the entry's instead of in a second wave once the entry has
// run; the server never serves the file itself, so it is written after compress.mjs (no .br/.gz
// siblings). The files are the web budget's own count of a first paint (budget-model.mjs).
//
// Left out: `/`, which shows the home to a signed-in person and sends anyone else to the login screen
// (only the browser knows which), the catch-all, and the routes generated from tables (RECORD_ROUTES,
// PRESCRIBE_ROUTES), whose paths the route-table reader does not see; those load as before.
import { statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { budgetInput, dist } from './budget-input.mjs';
import { computeBudget } from './budget-model.mjs';

/** Literal and `:param` segments only (a path the server can match). */
const PAGE_PATH = /^(\/:?[\w-]+)+$/;

const sizeOf = (file) => statSync(path.join(dist, file)).size;
const { entry, rows } = computeBudget(budgetInput(sizeOf));
// The largest files first: on a slow line they are the long poles, and the small ones fill the gaps.
const largestFirst = (files) => [...files].sort((a, b) => sizeOf(b) - sizeOf(a) || a.localeCompare(b)).map((file) => `/${file}`);
const routes = rows
  .filter((row) => PAGE_PATH.test(row.route))
  .map((row) => ({
    path: row.route,
    scripts: largestFirst([...row.files].filter((file) => !entry.files.has(file))),
    styles: largestFirst([...row.styles].filter((file) => !entry.styles.has(file))),
  }));
writeFileSync(path.join(dist, 'route-preloads.json'), `${JSON.stringify({ routes }, null, 1)}\n`);
console.log(`route preloads: ${routes.length} routes (${routes.map((route) => route.path).join(', ')})`);
