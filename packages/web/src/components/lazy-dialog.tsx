import { type ComponentType, type LazyExoticComponent, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../lib/toast';
import { PlainOnFailure } from './PlainOnFailure';

type LazyDialogProps<P extends { open: boolean }> = P & {
  dialog: LazyExoticComponent<ComponentType<P>>;
  /**
   * Shown instead when the dialog's code cannot be downloaded; by default nothing, and a toast says the
   * server cannot be reached. A dialog that must still answer (leave or stay) brings its own stand-in.
   */
  unavailable?: ReactNode;
};

/**
 * Mounts a dialog made with React's `lazy` when it first opens, so that its code (a form, pickers,
 * schemas) is fetched then, not with the screen under it (the bundle budget, docs/architecture.md).
 * Once opened it stays mounted: closing animates and reopening is instant. If its code cannot be
 * downloaded, the screen under it stays as it is (a form keeps its unsaved answers).
 */
export function LazyDialog<P extends { open: boolean }>({ dialog: Dialog, unavailable, ...props }: LazyDialogProps<P>) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <PlainOnFailure plain={unavailable ?? <DialogUnavailable open={props.open} />}>
      <Suspense fallback={null}>
        <Dialog {...(props as unknown as P)} />
      </Suspense>
    </PlainOnFailure>
  );
}

/** Says, each time the dialog is asked for, that it could not be loaded. */
function DialogUnavailable({ open }: { open: boolean }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (open) toast.error(t('errors.network'));
  }, [open, t]);
  return null;
}
