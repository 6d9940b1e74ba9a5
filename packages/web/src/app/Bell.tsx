import { BellOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePendingRegistrations, useUnfilledRemind } from '../api/patients';
import { confirmDialog } from '../stores/confirm-queue';
import { useSessionStore } from '../stores/session';

/**
 * The header bell (spec §2). Admin: pending doctor registrations → /doctorList. Doctor: patients
 * not filled in for 15 days → the end-of-management reminder → /userList/running.
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
  const count = remind.data?.count ?? 0;
  const days = remind.data?.days ?? 15;

  const onClick = () =>
    confirmDialog({
      title: t('bell.doctorTitle'),
      p1: t('bell.doctorP1', { count, days }),
      p2: t('bell.doctorP2'),
      // The list opens on the overdue view, which is exactly these N patients.
      callBack: () => navigate('/userList/running', { state: { view: 'overdue' } }),
    });

  return <BellButton count={count} label={t('bell.doctorLabel', { count, days })} onClick={onClick} />;
}

function BellButton({ count, label, onClick }: { count: number; label: string; onClick: () => void }) {
  return (
    <Button type="text" aria-label={label} onClick={onClick} data-testid="bell" style={{ paddingInline: 10 }}>
      <Badge count={count} size="small" overflowCount={99} data-testid="bell-badge">
        <BellOutlined aria-hidden style={{ fontSize: 18, color: '#ffffff' }} />
      </Badge>
    </Button>
  );
}
