import { Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';

/**
 * While a form has unsaved answers: leaving the screen inside the app asks first (render the returned
 * dialog), and closing or reloading the tab triggers the browser's own warning.
 */
export function useUnsavedGuard(isDirty: boolean) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && currentLocation.pathname !== nextLocation.pathname && !nextLocation.pathname.startsWith('/login'),
  );

  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('instrument.unsavedTitle')}
      okText={t('instrument.leave')}
      cancelText={t('instrument.stay')}
      okButtonProps={{ danger: true }}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
      data-testid="unsaved-dialog"
    >
      <p>{t('instrument.unsavedBody')}</p>
    </Modal>
  );
}
