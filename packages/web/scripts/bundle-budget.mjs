// The JavaScript budget of the web build (issue 14): for every route of the app's route table, the
// gzip size of all JavaScript a browser downloads to show it, from the build manifest. Fails (exit 1)
// when the login screen exceeds 250 kB or any route exceeds 400 kB. Sizes only: nothing here is timed.
//
// What a route costs: the entry chunk and its static imports; for each lazy module on the way to the
// route (the shell, a layout, the screen) its chunk and static imports; and every dynamic import those
// chunks make that is not another route's screen (e.g. ECharts on /outcomes, the English catalogue
// for a user who chose English), unless it is listed in ON_DEMAND below as loaded only by an action.
// A chunk shared by several of these counts once. kB = 1000 bytes, as Vite prints them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { readRouteTable } from './route-table.mjs';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');
/** Where vite.config.ts writes the build's chunk graph, out of dist/ so that the server never serves it. */
const MANIFEST_FILE = path.join(webRoot, 'build-meta/manifest.json');
const CHUNK_OF_MODULE_FILE = path.join(webRoot, 'build-meta/chunk-of-module.json');
const ROUTER = path.join(webRoot, 'src/app/router.tsx');

const KB = 1000;
const ANY_ROUTE_BUDGET = 400 * KB;
/** The first screen a person sees: tighter, because nothing is cached yet. */
const LOGIN_BUDGET = 250 * KB;
const LOGIN_ROUTES = new Set(['/login', '/login/:type']);

/** Dynamic imports that only a user action loads, never the first render of a route (why, each). */
const ON_DEMAND = new Map([['src/components/ConfirmQueue.tsx', 'the first time a confirmation dialog is queued']]);

if (!existsSync(MANIFEST_FILE)) {
  console.error(`bundle budget: ${path.relative(process.cwd(), MANIFEST_FILE)} is missing; run \`npm run build -w @tcm/web\` first`);
  process.exit(1);
}
if (existsSync(path.join(dist, '.vite'))) {
  console.error('bundle budget: dist/.vite exists; the manifest must stay out of the folder the server serves');
  process.exit(1);
}

/** @type {Record<string, { file: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[] }>} */
const manifest = JSON.parse(readFileSync(MANIFEST_FILE, 'utf8'));
/** @type {Record<string, string>} the chunk file holding each of the app's own modules */
const chunkOfModule = JSON.parse(readFileSync(CHUNK_OF_MODULE_FILE, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('the manifest has no entry chunk');
const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

/**
 * The manifest key of the chunk holding a module named as the route table names it (no extension).
 * A lazy module merged into a shared chunk has no key of its own; its chunk's key stands for it.
 */
function manifestKey(module) {
  const id = ['.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts']
    .map((ext) => module + ext)
    .find((candidate) => chunkOfModule[candidate]);
  const key = id && keyOfFile.get(chunkOfModule[id]);
  if (!key) throw new Error(`${module}: a lazy route module that is not in a chunk of the build`);
  return key;
}

for (const module of ON_DEMAND.keys()) {
  if (!manifest[module]) throw new Error(`ON_DEMAND names ${module}, which is no longer a chunk of the build`);
}

const routes = readRouteTable(ROUTER, webRoot);
const routeModules = new Set(routes.flatMap((route) => route.modules.map(manifestKey)));

const gzipBytes = new Map();
function gzipSize(file) {
  if (!gzipBytes.has(file)) gzipBytes.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipBytes.get(file);
}

/** The JavaScript files downloaded to show a route whose lazy modules are `lazyKeys`. */
function filesFor(lazyKeys) {
  const files = new Set();
  const seen = new Set();
  const pending = [entryKey, ...lazyKeys];
  while (pending.length > 0) {
    const key = pending.pop();
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key}: referenced by the manifest but not in it`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    pending.push(...(chunk.imports ?? []));
    for (const dynamic of chunk.dynamicImports ?? []) {
      if (!routeModules.has(dynamic) && !ON_DEMAND.has(dynamic)) pending.push(dynamic);
    }
  }
  return files;
}

const rows = routes.map((route) => {
  const files = filesFor(route.modules.map(manifestKey));
  const bytes = [...files].reduce((sum, file) => sum + gzipSize(file), 0);
  const budget = LOGIN_ROUTES.has(route.path) ? LOGIN_BUDGET : ANY_ROUTE_BUDGET;
  const screen = path.basename(route.modules.at(-1));
  return { route: route.path, screen, bytes, budget, over: bytes > budget };
});

const kb = (bytes) => (bytes / KB).toFixed(1);
const width = Math.max(...rows.map((row) => row.route.length), 5);
const screenWidth = Math.max(...rows.map((row) => row.screen.length), 6);
console.log(`${'route'.padEnd(width)}  ${'screen'.padEnd(screenWidth)}  ${'kB gzip'.padStart(8)}  ${'budget'.padStart(6)}`);
for (const row of rows) {
  const verdict = row.over ? '  OVER BUDGET' : '';
  console.log(
    `${row.route.padEnd(width)}  ${row.screen.padEnd(screenWidth)}  ${kb(row.bytes).padStart(8)}  ${kb(row.budget).padStart(6)}${verdict}`,
  );
}
for (const [module, why] of ON_DEMAND) console.log(`not counted: ${module}, loaded ${why}`);

const over = rows.filter((row) => row.over);
if (over.length > 0) {
  console.error(`bundle budget exceeded by ${over.length} route(s): ${over.map((row) => row.route).join(', ')}`);
  process.exit(1);
}
console.log(`bundle budget: ${rows.length} routes within budget (login ≤ ${kb(LOGIN_BUDGET)} kB, any ≤ ${kb(ANY_ROUTE_BUDGET)} kB gzip)`);
