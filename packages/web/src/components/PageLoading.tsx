import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Loading a screen or a block; announced politely to screen readers. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 12, padding: 48 }}>
      <Spin />
      <span>{t('common.loading')}</span>
    </div>
  );
}
