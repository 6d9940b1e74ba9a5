import { lazy, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';
import { LazyDialog } from '../components/lazy-dialog';

const UnsavedChangesDialog = lazy(() => import('./UnsavedChangesDialog'));

/**
 * While a form has unsaved answers: leaving the screen inside the app asks first (render the returned
 * dialog), and closing or reloading the tab triggers the browser's own warning.
 */
export function useUnsavedGuard(isDirty: boolean) {
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

  const question = {
    open: blocker.state === 'blocked',
    onLeave: () => blocker.proceed?.(),
    onStay: () => blocker.reset?.(),
  };
  return <LazyDialog dialog={UnsavedChangesDialog} {...question} unavailable={<BrowserLeaveQuestion {...question} />} />;
}

/**
 * The same question in the browser's own confirmation box, for when the dialog's code cannot be
 * downloaded: the doctor can still stay with the answers, or leave them, never be stuck between.
 */
export function BrowserLeaveQuestion({ open, onLeave, onStay }: { open: boolean; onLeave: () => void; onStay: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!open) return;
    if (window.confirm(`${t('instrument.unsavedTitle')}\n${t('instrument.unsavedBody')}`)) onLeave();
    else onStay();
  }, [open, onLeave, onStay, t]);
  return null;
}
