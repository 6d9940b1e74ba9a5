// Bundles the server into dist/main.js. Workspace packages (@tcm/*, shipped as TypeScript source) are
// bundled in; every other dependency stays external and is loaded from node_modules at run time.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
rmSync(dist, { recursive: true, force: true });

await build({
  entryPoints: [path.join(root, 'src/main.ts')],
  outfile: path.join(dist, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalise-dependencies',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@tcm/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
cpSync(path.join(root, 'drizzle'), path.join(dist, 'drizzle'), { recursive: true });
// The exports' xlsx worker is loaded by URL beside the bundle (src/modules/exports/xlsx-worker-client.ts).
cpSync(path.join(root, 'src/modules/exports/xlsx-worker.mjs'), path.join(dist, 'xlsx-worker.mjs'));
console.log('server built to', path.relative(process.cwd(), dist));
