import { AuditOutlined } from '@ant-design/icons';
import { Button, Card, Statistic } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePendingRegistrations } from '../../api/patients';
import { PageHeader } from '../../components/PageHeader';
import { ExportButton } from '../../features/exports/ExportButton';

// The administrator's reminder switches (antd List and Switch) load with the admin's home only: the
// doctors' home, which shares this module's chunk, never needs them.
const ReminderSwitches = lazy(() => import('../../features/outreach/ReminderSwitches').then((m) => ({ default: m.ReminderSwitches })));

/** The administrator's home: what waits for review, one click from the review list. */
export function AdminHome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The same query as the header bell's: one request, one cached count.
  const pending = usePendingRegistrations(true).data?.total ?? 0;
  return (
    <>
      <PageHeader title={t('home.adminTitle')} extra={<ExportButton />} />
      <Card style={{ maxWidth: 420 }}>
        <Statistic title={t('home.pendingRegistrations')} value={pending} prefix={<AuditOutlined aria-hidden />} />
        <Button type="primary" style={{ marginTop: 16 }} onClick={() => navigate('/doctorList')}>
          {t('home.goReview')}
        </Button>
      </Card>
      <Suspense fallback={null}>
        <ReminderSwitches />
      </Suspense>
    </>
  );
}
