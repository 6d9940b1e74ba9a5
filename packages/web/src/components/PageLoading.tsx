import { useTranslation } from 'react-i18next';

/**
 * Loading a screen or a block; announced politely to screen readers. A CSS spinner rather than antd's
 * Spin, which would add ~3 kB gzip to the login screen's download (the bundle budget).
 */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="page-loading-spinner" aria-hidden />
      <span>{t('common.loading')}</span>
    </div>
  );
}
