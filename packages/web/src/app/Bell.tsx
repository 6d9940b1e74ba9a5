import { BellOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePendingRegistrations, useUnfilledRemind } from '../api/patients';
import { confirmDialog } from '../stores/confirm-queue';
import { useSessionStore } from '../stores/session';

/**
 * The header bell (spec §2). Admin: pending doctor registrations → /doctorList. Doctor: patients
 * not filled in for 15 days → the end-of-management reminder → /userList/running; it also counts the
 * patients with a danger value still to handle (listed first on the home screen).
 */
export function Bell() {
  const isAdmin = useSessionStore((s) => s.isAdmin);
  return isAdmin ? <AdminBell /> : <DoctorBell />;
}

function AdminBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pending = usePendingRegistrations(true);
  const count = pending.data?.total ?? 0;

  const onClick = () =>
    confirmDialog({
      title: t('bell.adminTitle'),
      p1: t('bell.adminP1', { count }),
      p2: t('bell.adminP2'),
      callBack: () => navigate('/doctorList'),
    });

  return <BellButton count={count} label={t('bell.adminLabel', { count })} onClick={onClick} />;
}

function DoctorBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remind = useUnfilledRemind(true);
  const unfilled = remind.data?.count ?? 0;
  // Patients with a danger value not yet handled (the home screen's urgent card) count too.
  const urgent = remind.data?.urgentCount ?? 0;
  const days = remind.data?.days ?? 15;
  // The name carries the number the badge shows.
  const label =
    urgent > 0
      ? t('alerts.bellLabel', { total: unfilled + urgent, count: unfilled, days, urgent })
      : t('bell.doctorLabel', { count: unfilled, days });

  const onClick = () =>
    confirmDialog({
      title: t('bell.doctorTitleWithState'),
      p1: [
        unfilled > 0 || urgent === 0 ? t('bell.doctorP1', { count: unfilled, days }) : '',
        urgent > 0 ? t('alerts.bellUrgent', { count: urgent }) : '',
      ]
        .filter(Boolean)
        .join(' '),
      p2: t('bell.doctorP2'),
      // The list opens on the overdue view, which is exactly the unfilled patients; with only urgent
      // ones, the home screen, where they are listed first.
      callBack: () => (unfilled === 0 && urgent > 0 ? navigate('/index') : navigate('/userList/running', { state: { view: 'overdue' } })),
    });

  return <BellButton count={unfilled + urgent} label={label} onClick={onClick} />;
}

function BellButton({ count, label, onClick }: { count: number; label: string; onClick: () => void }) {
  return (
    <Button type="text" aria-label={label} onClick={onClick} data-testid="bell" style={{ paddingInline: 10 }}>
      <Badge count={count} size="small" overflowCount={99} data-testid="bell-badge">
        <BellOutlined aria-hidden style={{ fontSize: 18, color: 'var(--ant-color-text-light-solid)' }} />
      </Badge>
    </Button>
  );
}
