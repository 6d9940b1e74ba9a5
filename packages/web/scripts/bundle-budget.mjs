// The JavaScript budget of the web build: what a person waits for, from the build manifest.
// - A first screen, opened with an empty cache (the login screen, and the not-found page a stale link
//   may open): all the gzip JavaScript it downloads before its first paint, ≤ 250 kB.
// - Any other screen: the NEW gzip JavaScript that opening it downloads before its first paint, ≤ 150 kB,
//   counted from where it is opened. The register and reset-password screens are opened from the login
//   screen, whose cold files the browser holds. Every other screen (those inside the signed-in shell,
//   and a record's print page) is opened from the signed-in shell, whose files the browser holds:
//   THE SHELL = the entry chunk and its static imports, the shell's lazy module (app/AppShell: header,
//   side menu, bell, personal menu) with its static imports and the toast host it loads at once, and
//   the doctor's home (pages/home/HomePage) with its static imports: what a doctor's browser holds
//   after signing in and landing on the home. The login screen prefetches exactly that once it has
//   painted (pages/login/prefetch-shell.ts), so a signed-in user who starts from the login screen holds
//   it too; one whose session survives a closed browser tab downloads it with the first screen.
// What a screen fetches after its first paint (a dialog or chart loaded on an action or once the
// screen has painted: ON_DEMAND below; the login screen's prefetch: PREFETCHERS) is shown in its own
// column and not counted. Fails (exit 1) when a screen exceeds its budget, or when the signed-in shell
// comes in more than SHELL_FILE_BUDGET files. The counting itself is
// budget-model.mjs (tested with a synthetic manifest); sizes only, nothing here is timed.
// kB = 1000 bytes, as Vite prints them; gzip level 9, as compress.mjs writes the .gz files.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  budgetInput,
  COLD_BUDGET,
  dist,
  KB,
  MANIFEST_FILE,
  NAVIGATION_BUDGET,
  ON_DEMAND,
  PREFETCHERS,
  SHELL_FILE_BUDGET,
  SHELL_MODULES,
} from './budget-input.mjs';
import { computeBudget } from './budget-model.mjs';

if (!existsSync(MANIFEST_FILE)) {
  console.error(`bundle budget: ${path.relative(process.cwd(), MANIFEST_FILE)} is missing; run \`npm run build -w @tcm/web\` first`);
  process.exit(1);
}
if (existsSync(path.join(dist, '.vite'))) {
  console.error('bundle budget: dist/.vite exists; the manifest must stay out of the folder the server serves');
  process.exit(1);
}

const gzipBytes = new Map();
function gzipSize(file) {
  if (!gzipBytes.has(file)) gzipBytes.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipBytes.get(file);
}

const { shell, loginCold, rows } = computeBudget(budgetInput(gzipSize));

const kb = (bytes) => (bytes / KB).toFixed(1);
const FROM_LABEL = { cold: 'empty cache', login: 'login screen', shell: 'signed-in shell' };
const table = [
  ['route', 'screen', 'opened from', 'new kB', 'after paint', 'budget', ''],
  ...rows.map((row) => [
    row.route,
    row.screen,
    FROM_LABEL[row.from],
    kb(row.newBytes),
    kb(row.afterPaintBytes),
    kb(row.budget),
    row.failed ? 'FAILED' : '',
  ]),
];
const widths = table[0].map((_, column) => Math.max(...table.map((cells) => cells[column].length)));
for (const cells of table) {
  console.log(
    cells
      .map((cell, column) => (column >= 3 && column <= 5 ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
      .join('  ')
      .trimEnd(),
  );
}
console.log(
  `\nthe signed-in shell (entry, ${SHELL_MODULES.join(', ')}): ${kb(shell.bytes)} kB gzip in ${shell.files.size} files; the login screen cold: ${kb(loginCold.bytes)} kB`,
);
for (const [file, why] of ON_DEMAND) console.log(`after paint (not counted): ${file}, loaded on ${why}`);
for (const [file, why] of PREFETCHERS) console.log(`after paint (not counted): what ${file} prefetches, ${why}`);

// `--files <Screen>`: the new files that screen's first paint downloads, largest first (where its kB go).
const filesOf = process.argv.indexOf('--files');
if (filesOf > 0) {
  const screen = process.argv[filesOf + 1];
  const row = rows.find((candidate) => candidate.screen === screen);
  if (!row) throw new Error(`--files: no route shows a screen named ${screen}`);
  console.log(`\nnew files of ${screen}'s first paint (opened from the ${FROM_LABEL[row.from]}), kB gzip:`);
  for (const file of [...row.newFiles].sort((a, b) => gzipSize(b) - gzipSize(a))) console.log(`${kb(gzipSize(file)).padStart(8)}  ${file}`);
  console.log(`after its first paint:`);
  for (const file of [...row.afterPaintFiles].sort((a, b) => gzipSize(b) - gzipSize(a))) {
    console.log(`${kb(gzipSize(file)).padStart(8)}  ${file}`);
  }
}

if (shell.files.size > SHELL_FILE_BUDGET) {
  console.error(
    `bundle budget: the signed-in shell comes in ${shell.files.size} files, over ${SHELL_FILE_BUDGET} (was the build's first-paint plan skipped? npm run build -w @tcm/web)`,
  );
  process.exit(1);
}
const failed = rows.filter((row) => row.failed);
if (failed.length > 0) {
  console.error(`bundle budget: over budget: ${failed.map((row) => `${row.route} (${row.screen}, ${kb(row.newBytes)} kB)`).join(', ')}`);
  process.exit(1);
}
console.log(
  `bundle budget: all ${rows.length} routes within budget (a first screen cold ≤ ${kb(COLD_BUDGET)} kB, a navigation ≤ ${kb(NAVIGATION_BUDGET)} kB new, gzip; the shell ≤ ${SHELL_FILE_BUDGET} files)`,
);
