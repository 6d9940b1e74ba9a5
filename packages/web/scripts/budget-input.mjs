// What the web budget and the route preloads read from a build: the chunk graph (build-meta/, written
// by vite.config.ts), the route table, and which lazy modules load when (bundle-budget.mjs says why).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readRouteTable } from './route-table.mjs';

export const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const dist = path.join(webRoot, 'dist');
/** Where vite.config.ts writes the build's chunk graph, out of dist/ so that the server never serves it. */
export const MANIFEST_FILE = path.join(webRoot, 'build-meta/manifest.json');
const CHUNK_OF_MODULE_FILE = path.join(webRoot, 'build-meta/chunk-of-module.json');
const ROUTER = path.join(webRoot, 'src/app/router.tsx');

export const KB = 1000;
/** The first screen a person sees: nothing is cached yet. */
export const COLD_BUDGET = 250 * KB;
/** The new bytes of one navigation, the shell (or the login screen) already held. */
export const NAVIGATION_BUDGET = 150 * KB;
/**
 * The signed-in shell's files: over HTTP/1.1's six connections each six files cost a turn of the line's
 * latency before the home paints (first-paint-plan.mjs groups them; automatic splitting made 78).
 */
export const SHELL_FILE_BUDGET = 20;

export const LOGIN_MODULE = 'src/pages/login/LoginPage';
/** The lazy modules whose files, with the entry's, make the signed-in shell (see the header). */
export const SHELL_MODULES = ['src/app/AppShell', 'src/pages/home/HomePage'];
/** Screens opened with an empty cache. */
const COLD_SCREENS = new Set([LOGIN_MODULE, 'src/pages/not-found/NotFoundPage']);
/** Screens opened from the login screen. */
const FROM_LOGIN = new Set(['src/pages/register/RegisterPage', 'src/pages/reset-password/ResetPasswordPage']);
/** The screens besides the login screen that a browser shows without the signed-in shell's files. */
export const OUTSIDE_SHELL_SCREENS = [...COLD_SCREENS, ...FROM_LOGIN].filter((screen) => screen !== LOGIN_MODULE);

/**
 * Dynamic imports loaded after a route's first paint (why, each): on a user action, or by the screen
 * once it has painted. They are shown in the after-paint column, not counted against the budget.
 */
export const ON_DEMAND = new Map([
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
export const SHOWN_WITH = new Map([['src/app/ToastHost.tsx', 'src/app/AppShell']]);

/**
 * Modules that fetch another route's lazy modules ahead of a navigation, once their screen has painted
 * (what they fetch is that screen's after-paint column; the budget refuses any other chunk that
 * imports a route module itself).
 */
export const PREFETCHERS = new Map([
  ['src/pages/login/prefetch-shell.ts', 'the signed-in shell and the home of the account kind, once the login screen has painted'],
]);

/**
 * The input of budget-model.mjs's computeBudget for the build in dist/.
 * @param {(file: string) => number} sizeOf the bytes that count for a file of dist/
 */
export function budgetInput(sizeOf) {
  return {
    manifest: JSON.parse(readFileSync(MANIFEST_FILE, 'utf8')),
    chunkOfModule: JSON.parse(readFileSync(CHUNK_OF_MODULE_FILE, 'utf8')),
    routes: readRouteTable(ROUTER, webRoot),
    sizeOf,
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
  };
}
