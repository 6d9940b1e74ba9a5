import { lazy, useEffect } from 'react';
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

  return (
    <LazyDialog
      dialog={UnsavedChangesDialog}
      open={blocker.state === 'blocked'}
      onLeave={() => blocker.proceed?.()}
      onStay={() => blocker.reset?.()}
    />
  );
}
