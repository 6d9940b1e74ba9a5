import { queryClient } from '../../api/query-client';
import type { PrefetchArgs } from '../../app/lazy-page';
import { outcomeReportQuery } from '../../features/outcomes/api';
import { OutcomesScreen } from '../../features/outcomes/OutcomesScreen';
import { readOutcomeQuery } from '../../features/outcomes/query';
import { useSessionStore } from '../../stores/session';

/**
 * The route's loader (app/lazy-page.ts): the report, the screen's largest and slowest part, is asked
 * for as the route is entered, for the filter in the address, not once the screen has rendered.
 */
export function prefetchData({ url }: PrefetchArgs): void {
  const { token, isAdmin } = useSessionStore.getState();
  if (token) void queryClient.prefetchQuery(outcomeReportQuery(readOutcomeQuery(url.searchParams, isAdmin)));
}

/** /outcomes (项目成效): doctors see their institution, the administrator the city or one institution. */
export default function OutcomesPage() {
  const isAdmin = useSessionStore((s) => s.isAdmin);
  const ownInstitution = useSessionStore((s) => (s.isAdmin ? null : (s.user?.institutionName ?? null)));
  return <OutcomesScreen isAdmin={isAdmin} ownInstitution={ownInstitution} />;
}
