import { create } from 'zustand';

export type AccountDialog = 'changePassword' | 'sessions';

/** Which of the personal menu's account dialogs (修改密码, 登录设备) is open; both menus open them. */
interface AccountDialogState {
  open: AccountDialog | null;
  show: (dialog: AccountDialog) => void;
  close: () => void;
}

export const useAccountDialogStore = create<AccountDialogState>()((set) => ({
  open: null,
  show: (dialog) => set({ open: dialog }),
  close: () => set({ open: null }),
}));
