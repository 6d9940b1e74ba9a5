import { AuditOutlined } from '@ant-design/icons';
import { Button, Card, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePendingRegistrations } from '../../api/patients';
import { PageHeader } from '../../components/PageHeader';
import { ExportButton } from '../../features/exports/ExportButton';
import { ReminderSwitches } from '../../features/outreach/ReminderSwitches';

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
      <ReminderSwitches />
    </>
  );
}
