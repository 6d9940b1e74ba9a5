import { FlagFilled } from '@ant-design/icons';
import type { AnnexRecord } from '@tcm/contracts/api/records';
import { useTranslation } from 'react-i18next';
import { readAlerts } from '../../instruments/field-flags';
import { useInstrumentLang } from '../../instruments/lang';

/** A red flag on a history row whose record has a danger value; its name lists the alerts. */
export function AlertFlag({ record }: { record: AnnexRecord }) {
  const { t } = useTranslation();
  const lang = useInstrumentLang();
  if (record.derived.hasAlert !== true) return null;
  const text = readAlerts(record.derived)
    .map((alert) => (lang === 'zh' ? alert.message : alert.messageEn))
    .join(lang === 'zh' ? '；' : '; ');
  const label = text ? t('alerts.historyFlagOf', { text }) : t('alerts.historyFlag');
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid={`history-alert-${record.id}`}
      style={{ color: 'var(--ant-color-error)', fontWeight: 600, whiteSpace: 'nowrap' }}
    >
      <FlagFilled aria-hidden /> {t('alerts.historyFlag')}
    </span>
  );
}
