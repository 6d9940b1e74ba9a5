import type { PatientDetail } from '@tcm/contracts/api/patient';
import { Button } from 'antd';
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
export default function PatientOutreach({
  patientId,
  name,
  detail,
}: {
  patientId: number;
  name: string;
  detail: PatientDetail | undefined;
}) {
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
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        <Button size="small" type="primary" onClick={() => setDialog('contact')}>
          {t('outreach.record')}
        </Button>
        <Button size="small" onClick={() => setDialog('history')}>
          {t('outreach.history.open')}
        </Button>
      </div>
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
      {/* A plain checkbox: the panel is on every record and prescription screen, and antd's Switch or
          Checkbox would add their code (and its weight in the bundle budget) to each of them. */}
      <label className="sms-consent">
        <input
          type="checkbox"
          checked={consent}
          disabled={setConsent.isPending}
          onChange={(event) => void toggle(event.target.checked)}
          aria-label={t('outreach.sms.switch')}
        />{' '}
        {t(consent ? 'outreach.sms.on' : 'outreach.sms.off')}
      </label>
      {recorded ? ` · ${recorded}` : ''}
    </span>
  );
}
