import { OutcomesScreen } from '../../features/outcomes/OutcomesScreen';
import { useSessionStore } from '../../stores/session';

/** /outcomes (项目成效): doctors see their institution, the administrator the city or one institution. */
export default function OutcomesPage() {
  const isAdmin = useSessionStore((s) => s.isAdmin);
  const ownInstitution = useSessionStore((s) => (s.isAdmin ? null : (s.user?.institutionName ?? null)));
  return <OutcomesScreen isAdmin={isAdmin} ownInstitution={ownInstitution} />;
}
