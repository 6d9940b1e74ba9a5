import { IndicatorsScreen } from '../../features/indicators/IndicatorsScreen';
import { useSessionStore } from '../../stores/session';

/** /indicators (管理质量): doctors see their institution, the administrator the city or one institution. */
export default function IndicatorsPage() {
  const isAdmin = useSessionStore((s) => s.isAdmin);
  const doctorId = useSessionStore((s) => (s.isAdmin ? null : (s.user?.id ?? null)));
  return <IndicatorsScreen isAdmin={isAdmin} doctorId={doctorId} />;
}
