import { type ComponentType, type LazyExoticComponent, Suspense, useState } from 'react';

type LazyDialogProps<P extends { open: boolean }> = P & { dialog: LazyExoticComponent<ComponentType<P>> };

/**
 * Mounts a dialog made with React's `lazy` when it first opens, so that its code (a form, pickers,
 * schemas) is fetched then, not with the screen under it (the bundle budget, docs/architecture.md).
 * Once opened it stays mounted: closing animates and reopening is instant.
 */
export function LazyDialog<P extends { open: boolean }>({ dialog: Dialog, ...props }: LazyDialogProps<P>) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...(props as unknown as P)} />
    </Suspense>
  );
}
