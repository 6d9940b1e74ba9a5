import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { StatusResult } from './StatusResult';

// PageLoading has its own module: the router and the shell show it before any screen, and must not
// bring Result's and Empty's illustrations along.
export { PageLoading } from './PageLoading';

/** A block that failed to load: says so and offers a retry instead of an empty table that lies. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const detail = error instanceof ApiError && error.serverMessage ? error.serverMessage : t('common.loadErrorHint');
  return (
    <StatusResult
      status="warning"
      title={t('common.loadError')}
      subTitle={detail}
      extra={
        onRetry ? (
          <Button type="primary" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : undefined
      }
    />
  );
}

export function EmptyState({ description }: { description?: string }) {
  const { t } = useTranslation();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description ?? t('common.empty')} />;
}
