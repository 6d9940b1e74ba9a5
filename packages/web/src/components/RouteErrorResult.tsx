import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** RouteError's content, in its own chunk: antd's Result carries illustrations the first screen never shows. */
export default function RouteErrorResult({ status, title }: { status: '404' | 'error'; title: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status={status}
      title={title}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    />
  );
}
