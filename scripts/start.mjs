// `npm start`: install what is missing, build, then run the server (which migrates, seeds demo data on
// an empty database and serves the app and API on http://localhost:8080).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installIfMissing } from './install-if-missing.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

installIfMissing(root);
console.log('Building the web app and the server…');
run(npm, ['run', 'build']);
console.log('Starting the server…');
run(process.execPath, ['--enable-source-maps', 'packages/server/dist/main.js'], {
  env: { ...process.env, WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? path.join(root, 'packages/web/dist') },
});
