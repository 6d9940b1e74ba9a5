import { lazy } from 'react';
import { LazyDialog } from '../components/lazy-dialog';
import { useAccountDialogStore } from '../stores/account-dialog';

// The account dialogs (a form with the schema library, a list) are fetched when one first opens from
// the personal menu, not with every screen. Imported by the shell only, so this import sits in the
// shell's chunk beside the other dialogs' and shares their preload list.
const AccountDialogs = lazy(() => import('../features/account/AccountDialogs'));

export function AccountDialogsOnDemand() {
  const which = useAccountDialogStore((s) => s.open);
  const close = useAccountDialogStore((s) => s.close);
  return <LazyDialog dialog={AccountDialogs} open={which !== null} which={which} onClose={close} />;
}
