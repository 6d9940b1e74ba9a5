import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useFirstPaintFrameRemoved } from '../app/first-paint-frame';
import { StatusResult } from './StatusResult';

/**
 * Last line of defence for a screen that throws while rendering, or a chunk that failed to download
 * after a deployment (the old file names are gone): a reload fetches the new ones. StatusResult still
 * shows the title and the reload button when Result's own chunk cannot be downloaded.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  // A framed route that fails shows this instead of the frame's screen.
  useFirstPaintFrameRemoved();
  const isMissingChunk = error instanceof TypeError && /dynamically imported module|Importing a module script failed/i.test(error.message);
  return (
    <main>
      <StatusResult
        status={isRouteErrorResponse(error) && error.status === 404 ? '404' : 'error'}
        title={isMissingChunk ? t('errors.newVersion') : t('errors.screen')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </Button>
        }
      />
    </main>
  );
}
