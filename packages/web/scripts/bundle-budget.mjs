// The JavaScript budget of the web build (issue 34): what a person waits for, from the build manifest.
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
// column and not counted. Fails (exit 1) when a screen exceeds its budget. The counting itself is
// budget-model.mjs (tested with a synthetic manifest); sizes only, nothing here is timed.
// kB = 1000 bytes, as Vite prints them; gzip level 9, as compress.mjs writes the .gz files.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { computeBudget } from './budget-model.mjs';
import { readRouteTable } from './route-table.mjs';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');
/** Where vite.config.ts writes the build's chunk graph, out of dist/ so that the server never serves it. */
const MANIFEST_FILE = path.join(webRoot, 'build-meta/manifest.json');
const CHUNK_OF_MODULE_FILE = path.join(webRoot, 'build-meta/chunk-of-module.json');
const ROUTER = path.join(webRoot, 'src/app/router.tsx');

const KB = 1000;
/** The first screen a person sees: nothing is cached yet. */
const COLD_BUDGET = 250 * KB;
/** The new bytes of one navigation, the shell (or the login screen) already held. */
const NAVIGATION_BUDGET = 150 * KB;

const LOGIN_MODULE = 'src/pages/login/LoginPage';
/** The lazy modules whose files, with the entry's, make the signed-in shell (see the header). */
const SHELL_MODULES = ['src/app/AppShell', 'src/pages/home/HomePage'];
/** Screens opened with an empty cache. */
const COLD_SCREENS = new Set([LOGIN_MODULE, 'src/pages/not-found/NotFoundPage']);
/** Screens opened from the login screen. */
const FROM_LOGIN = new Set(['src/pages/register/RegisterPage', 'src/pages/reset-password/ResetPasswordPage']);

/**
 * Dynamic imports loaded after a route's first paint (why, each): on a user action, or by the screen
 * once it has painted. They are shown in the after-paint column, not counted against the budget.
 */
const ON_DEMAND = new Map([
  ['src/components/ConfirmQueue.tsx', 'the first confirmation dialog'],
  // Chinese is the default; a user who chose English (the choice is kept in the browser) also gets this
  // before the first render, ~10 kB more.
  ['src/i18n/english.ts', 'choosing English (the English catalogue and antd texts)'],
  ['src/pages/login/login-schemas.ts', 'the first check of a login field (the schema library)'],
  ['src/components/AntResult.tsx', 'a failure, not-found or no-access message (antd Result and its illustrations)'],
  ['src/features/patients/AddMemberFlow.tsx', 'the first start of adding a comparison-group member'],
  ['src/features/exports/ExportDialog.tsx', 'the first opening of the export dialog (its date pickers)'],
  ['src/app/ToastHost.tsx', 'the first toast, or the signed-in shell (counted there)'],
  ['src/features/patients/EnrolPatientDialog.tsx', 'the first opening of the enrolment dialog (its form, date picker and schemas)'],
  ['src/features/prescriptions/prescription-check.ts', 'the first issue of a prescription (its rules: the schema library)'],
  ['src/components/ReasonDialogForm.tsx', 'the first void or rejection that asks for a reason (its form, dialog and schema)'],
  ['src/features/records/RecordViewDialog.tsx', "the first opening of a record from its history (the dialog and the record's document)"],
  ['src/features/records/RecordRevisionsDialog.tsx', "the first look at a record's revisions"],
  ['src/features/records/RecordEndEvaluationDialog.tsx', 'the first opening of the end-of-management evaluation'],
  ['src/instruments/UnsavedChangesDialog.tsx', 'the first attempt to leave a form with unsaved answers'],
  ['src/features/account/AccountDialogs.tsx', 'the first opening of 修改密码 or 登录设备 in the personal menu'],
  ['src/features/records/SaveConfirmDialog.tsx', 'the first save of a record with a danger value or a value to confirm'],
  [
    'src/features/records/GlycemicGuidance.tsx',
    'opening a patient whose newest glucose record asks for action (低血糖, 疑似糖尿病, 确诊糖尿病)',
  ],
  ['src/features/records/ProgressToDiabetesDialog.tsx', 'the first guided end of management once diabetes is confirmed'],
  ['src/features/outreach/ContactDialog.tsx', 'the first 记录联系 (its form and the contact schema)'],
  ['src/features/outreach/ContactHistoryDialog.tsx', "the first look at a patient's contact history"],
  ['src/features/outreach/ReminderSwitches.tsx', "the administrator's home (its reminder switches); a doctor's home never loads it"],
  ['src/features/outreach/PatientOutreach.tsx', "the patient panel's outreach facts, once the audited patient detail has answered"],
  ['src/features/indicators/TargetsDialog.tsx', "the administrator's first 设置目标 on the indicators (its dialog and number fields)"],
  ['src/pages/login/prefetch-shell.ts', 'the login screen once it has painted, to fetch the signed-in shell (PREFETCHERS)'],
]);

/**
 * On-demand modules that a route's own lazy module loads as soon as it renders: counted for every route
 * that shows that module (the toast host comes with the signed-in shell, whose screens raise toasts).
 */
const SHOWN_WITH = new Map([['src/app/ToastHost.tsx', 'src/app/AppShell']]);

/**
 * Modules that fetch another route's lazy modules ahead of a navigation, once their screen has painted
 * (what they fetch is that screen's after-paint column; the budget refuses any other chunk that
 * imports a route module itself).
 */
const PREFETCHERS = new Map([
  ['src/pages/login/prefetch-shell.ts', 'the signed-in shell and the home of the account kind, once the login screen has painted'],
]);

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

const { shell, loginCold, rows } = computeBudget({
  manifest: JSON.parse(readFileSync(MANIFEST_FILE, 'utf8')),
  chunkOfModule: JSON.parse(readFileSync(CHUNK_OF_MODULE_FILE, 'utf8')),
  routes: readRouteTable(ROUTER, webRoot),
  sizeOf: gzipSize,
  onDemand: ON_DEMAND.keys(),
  shownWith: SHOWN_WITH,
  prefetchers: PREFETCHERS.keys(),
  shellModules: SHELL_MODULES,
  loginModule: LOGIN_MODULE,
  fromOf: (route) => {
    const screen = route.modules.at(-1);
    if (COLD_SCREENS.has(screen)) return 'cold';
    return FROM_LOGIN.has(screen) ? 'login' : 'shell';
  },
  budgets: { cold: COLD_BUDGET, login: NAVIGATION_BUDGET, shell: NAVIGATION_BUDGET },
});

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

const failed = rows.filter((row) => row.failed);
if (failed.length > 0) {
  console.error(`bundle budget: over budget: ${failed.map((row) => `${row.route} (${row.screen}, ${kb(row.newBytes)} kB)`).join(', ')}`);
  process.exit(1);
}
console.log(
  `bundle budget: all ${rows.length} routes within budget (a first screen cold ≤ ${kb(COLD_BUDGET)} kB, a navigation ≤ ${kb(NAVIGATION_BUDGET)} kB new, gzip)`,
);
