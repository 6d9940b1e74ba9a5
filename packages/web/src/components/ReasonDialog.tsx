import { lazy } from 'react';
import { LazyDialog } from './lazy-dialog';
import type { ReasonKind } from './reason-schemas';

const ReasonDialogForm = lazy(() => import('./ReasonDialogForm'));

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  description?: string;
  label: string;
  placeholder?: string;
  /** Which reason: its rule comes from the contracts (reason-schemas.ts). */
  reason: ReasonKind;
  isPending: boolean;
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * A destructive action that needs a written reason (void a member, a record or a prescription, reject a
 * registration). Its form, dialog and the schema library are fetched when it first opens.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  return <LazyDialog dialog={ReasonDialogForm} {...props} />;
}
