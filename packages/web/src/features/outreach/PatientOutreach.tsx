import type { PatientDetail } from '@tcm/contracts/api/patient';
import { Button, Space, Switch } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FactList } from '../../components/FactList';
import { LazyDialog } from '../../components/lazy-dialog';
import { formatDate } from '../../components/status-tags';
import { toast } from '../../lib/toast';
import { confirmDialog } from '../../stores/confirm-queue';
import { useSetFollowUpStatus, useSetSmsConsent } from './api';
import { OutreachStatusTag } from './OutreachStatusTag';

const ContactDialog = lazy(() => import('./ContactDialog'));
const ContactHistoryDialog = lazy(() => import('./ContactHistoryDialog'));

/**
 * The patient detail's outreach facts: the follow-up status (转归) with its date and reason and the
 * way back to active, the SMS consent with when and by whom it was recorded, and the contact history.
 * Nothing shows until the audited detail call has answered: the list values carry neither.
 */
export function PatientOutreach({ patientId, name, detail }: { patientId: number; name: string; detail: PatientDetail | undefined }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'contact' | 'history' | null>(null);
  if (!detail) return null;
  return (
    <div data-testid="patient-outreach">
      <FactList
        facts={[
          {
            key: 'followUpStatus',
            label: t('outreach.statusLabel'),
            children: <StatusFact patientId={patientId} name={name} detail={detail} />,
          },
          { key: 'smsConsent', label: t('outreach.sms.label'), children: <SmsConsentFact patientId={patientId} detail={detail} /> },
        ]}
      />
      <Space size={8} wrap>
        <Button size="small" type="primary" onClick={() => setDialog('contact')}>
          {t('outreach.record')}
        </Button>
        <Button size="small" onClick={() => setDialog('history')}>
          {t('outreach.history.open')}
        </Button>
      </Space>
      <LazyDialog dialog={ContactDialog} open={dialog === 'contact'} patient={{ id: patientId, name }} onClose={() => setDialog(null)} />
      <LazyDialog
        dialog={ContactHistoryDialog}
        open={dialog === 'history'}
        patientId={patientId}
        name={name}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}

function StatusFact({ patientId, name, detail }: { patientId: number; name: string; detail: PatientDetail }) {
  const { t } = useTranslation();
  const setStatus = useSetFollowUpStatus();
  const status = detail.followUpStatus ?? 'active';
  if (status === 'active') return <span data-testid="panel-follow-up-status">{t('outreach.status.active')}</span>;

  const reactivate = () =>
    confirmDialog({
      title: t('outreach.reactivate.title'),
      p1: t('outreach.reactivate.p1', { name }),
      p2: t('outreach.reactivate.p2'),
      callBack: () => setStatus.mutateAsync({ patientId, status: 'active' }).then(() => toast.success(t('outreach.reactivate.done'))),
    });
  return (
    <span data-testid="panel-follow-up-status">
      <OutreachStatusTag status={status} /> {formatDate(detail.followUpStatusAt)}
      {detail.followUpStatusReason ? ` · ${detail.followUpStatusReason}` : ''}{' '}
      <Button size="small" type="link" onClick={reactivate} loading={setStatus.isPending}>
        {t('outreach.reactivate.button')}
      </Button>
    </span>
  );
}

function SmsConsentFact({ patientId, detail }: { patientId: number; detail: PatientDetail }) {
  const { t } = useTranslation();
  const setConsent = useSetSmsConsent();
  const consent = detail.smsConsent ?? false;
  const recorded = detail.smsConsentAt
    ? t(consent ? 'outreach.sms.givenOn' : 'outreach.sms.withdrawnOn', {
        date: formatDate(detail.smsConsentAt),
        by: detail.smsConsentBy?.name ?? '—',
      })
    : consent
      ? ''
      : t('outreach.sms.never');
  const toggle = (next: boolean) =>
    setConsent
      .mutateAsync({ patientId, smsConsent: next })
      .then(() => toast.success(t(next ? 'outreach.sms.givenDone' : 'outreach.sms.withdrawnDone')))
      .catch(() => undefined); // the API client has shown why
  return (
    <span data-testid="panel-sms-consent">
      <Switch size="small" checked={consent} loading={setConsent.isPending} onChange={toggle} aria-label={t('outreach.sms.switch')} />{' '}
      {/* The state as text beside the switch: antd's text inside a small switch fails AA contrast. */}
      {t(consent ? 'outreach.sms.on' : 'outreach.sms.off')}
      {recorded ? ` · ${recorded}` : ''}
    </span>
  );
}
