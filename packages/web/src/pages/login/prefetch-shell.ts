/**
 * The screens a person signing in opens next, fetched once the login screen has painted (LoginPage
 * loads this module then), so that signing in does not wait for their download: on a slow clinic
 * line, seconds. The import calls (and the lists of files each needs) live here rather than in the
 * login screen's chunk, so they add nothing to the login screen's cold bytes; the bundle budget shows
 * what they fetch in the login screen's after-paint column (PREFETCHERS in scripts/bundle-budget.mjs).
 * The modules are evaluated as the router would evaluate them; nothing renders before the navigation.
 */
const SIGNED_IN_SHELL = {
  doctor: [() => import('../../app/AppShell'), () => import('../home/HomePage')],
  // The administrator lands on the doctors' list (ADMIN_HOME_PATH).
  admin: [() => import('../../app/AppShell'), () => import('../doctor-list/DoctorListPage')],
} as const;

export type AccountKind = keyof typeof SIGNED_IN_SHELL;

export function prefetchSignedInShell(kind: AccountKind): void {
  // A failed prefetch costs nothing: the navigation fetches the module again and reports its failure.
  for (const load of SIGNED_IN_SHELL[kind]) load().catch(() => undefined);
}
