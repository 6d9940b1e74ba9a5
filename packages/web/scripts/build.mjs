// The web build: a plan pass with automatic splitting only (nothing written to dist/), the plan of the
// signed-in shell's first-paint chunks (first-paint-plan.mjs says why), then the build itself.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const scripts = path.dirname(fileURLToPath(import.meta.url));
const viteBin = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');
const run = (args, env = {}) =>
  execFileSync(process.execPath, args, { cwd: path.dirname(scripts), stdio: 'inherit', env: { ...process.env, ...env } });

run([viteBin, 'build', '--logLevel', 'warn'], { FIRST_PAINT_PLAN: '1' });
run([path.join(scripts, 'first-paint-plan.mjs')]);
run([viteBin, 'build', ...process.argv.slice(2)], { FIRST_PAINT_PLAN: '' });
