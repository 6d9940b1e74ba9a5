import { Button } from 'antd';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

const RouteErrorResult = lazy(() => import('./RouteErrorResult'));

/**
 * Last line of defence for a screen that throws while rendering, or a chunk that failed to download
 * after a deployment (the old file names are gone): a reload fetches the new ones. The antd Result is
 * fetched when needed; when that fetch fails too (the same deployment removed its chunk), the same
 * title and reload button are shown without the illustration.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const isMissingChunk = error instanceof TypeError && /dynamically imported module|Importing a module script failed/i.test(error.message);
  const title = isMissingChunk ? t('errors.newVersion') : t('errors.screen');
  const plain = (
    <div style={{ padding: '48px 32px', textAlign: 'center' }}>
      <h1 style={{ fontSize: 24, fontWeight: 400, margin: '0 0 24px' }}>{title}</h1>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
    </div>
  );
  return (
    <main>
      <PlainOnFailure plain={plain}>
        <Suspense fallback={null}>
          <RouteErrorResult status={isRouteErrorResponse(error) && error.status === 404 ? '404' : 'error'} title={title} />
        </Suspense>
      </PlainOnFailure>
    </main>
  );
}

/** Shows `plain` when its children fail (here: the Result's chunk could not be downloaded). */
class PlainOnFailure extends Component<{ plain: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.plain : this.props.children;
  }
}
