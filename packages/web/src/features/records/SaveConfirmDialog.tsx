import type { Lang } from '@tcm/contracts/instruments/types';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SaveConcerns } from './save-concerns';

interface Props {
  open: boolean;
  concerns: SaveConcerns | null;
  lang: Lang;
  isPending: boolean;
  /** The days within which a danger value calls for the next contact. */
  days: number;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asked before a record is saved with a danger value (the alerts and what to do: urgent referral,
 * the next contact within 14 days), a next visit later than that, or a value outside its usual range.
 * Saving is the doctor's call: the dialog never refuses.
 */
export default function SaveConfirmDialog({ open, concerns, lang, isPending, days, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('alerts.confirmTitle')}
      okText={t('alerts.confirmSave')}
      cancelText={t('alerts.backToForm')}
      okButtonProps={{ danger: (concerns?.alerts.length ?? 0) > 0, loading: isPending }}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      {concerns && (
        <div data-testid="save-confirm">
          {concerns.alerts.length > 0 && (
            <section data-testid="save-confirm-alerts">
              <p style={{ color: 'var(--ant-color-error)', fontWeight: 600, marginBottom: 4 }}>{t('alerts.alertsIntro')}</p>
              <ul>
                {concerns.alerts.map((alert) => (
                  <li key={`${alert.code}-${alert.item}`}>{lang === 'zh' ? alert.message : alert.messageEn}</li>
                ))}
              </ul>
              <p data-testid="save-confirm-action">
                {concerns.contactBy ? t('alerts.action', { days, date: concerns.contactBy }) : t('alerts.actionNoDate', { days })}
              </p>
            </section>
          )}
          {concerns.lateNext && concerns.contactBy && (
            <p data-testid="save-confirm-late-next" style={{ color: 'var(--ant-color-warning)' }}>
              {t('alerts.lateNext', { date: concerns.lateNext, limit: concerns.contactBy, days })}
            </p>
          )}
          {concerns.checks.length > 0 && (
            <section data-testid="save-confirm-checks">
              <p style={{ marginBottom: 4 }}>{t('alerts.checkIntro')}</p>
              <ul>
                {concerns.checks.map((check) => (
                  <li key={check.item}>{check.message}</li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
    </Modal>
  );
}
