import type { AccountDialog } from '../../stores/account-dialog';
import ChangePasswordDialog from './ChangePasswordDialog';
import SessionsDialog from './SessionsDialog';

/** The personal menu's two account dialogs, as one module loaded when the first of them opens. */
export default function AccountDialogs({ which, onClose }: { open: boolean; which: AccountDialog | null; onClose: () => void }) {
  return (
    <>
      <ChangePasswordDialog open={which === 'changePassword'} onClose={onClose} />
      <SessionsDialog open={which === 'sessions'} onClose={onClose} />
    </>
  );
}
