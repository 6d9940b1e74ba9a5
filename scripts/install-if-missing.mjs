// The first step of both `npm start` and `npm test` on a fresh clone: install the dependencies when
// node_modules is missing or older than the lock file.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

function needsInstall(root) {
  const marker = path.join(root, 'node_modules/.package-lock.json');
  if (!existsSync(marker)) return true;
  return statSync(path.join(root, 'package-lock.json')).mtimeMs > statSync(marker).mtimeMs;
}

/** Runs `npm install` in `root` when needed; exits the process when it fails. */
export function installIfMissing(root) {
  if (!needsInstall(root)) return;
  // Not `npm ci`: npm 11 keeps only this platform's optional binaries in the lock and `npm ci` then
  // refuses it; `npm install` installs what the lock says.
  console.log('Installing dependencies (npm install)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
