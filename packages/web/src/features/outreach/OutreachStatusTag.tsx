import type { FollowUpStatus } from '@tcm/contracts/api/outreach';
import type { PatientListItem } from '@tcm/contracts/api/patient';
import { useTranslation } from 'react-i18next';
import { formatDate, ToneTag } from '../../components/status-tags';

/** 转归 other than active (失访, 迁出, 死亡, 拒绝) as a tag; nothing for an active patient. */
export function OutreachStatusTag({ status }: { status: FollowUpStatus | undefined }) {
  const { t } = useTranslation();
  if (!status || status === 'active') return null;
  return (
    <span style={{ marginInlineStart: 6 }}>
      <ToneTag tone={status === 'lostToFollowUp' ? 'orange' : 'grey'} testId="follow-up-status-tag">
        {t(`outreach.status.${status}`)}
      </ToneTag>
    </span>
  );
}

/** The last attempt of a working-list row: date, channel and result, or that nobody has called yet. */
export function LastContact({ patient }: { patient: PatientListItem }) {
  const { t } = useTranslation();
  const last = patient.lastContact;
  if (!last) return <span data-testid="last-contact">{t('outreach.noContactYet')}</span>;
  return (
    <span data-testid="last-contact">
      {formatDate(last.contactDate)} · {t(`outreach.channel.${last.channel}`)} · <strong>{t(`outreach.result.${last.result}`)}</strong>
    </span>
  );
}
