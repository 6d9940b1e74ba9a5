import type { CurrentUser, LoginResult } from '@tcm/contracts/api/auth';
import { create } from 'zustand';
import { safeStorage } from './storage';

/** The spec fixes these keys: the token under 'token' and the admin flag as the string 'true' under 'admin'. */
export const TOKEN_KEY = 'token';
export const ADMIN_KEY = 'admin';
const USER_KEY = 'user';

interface SessionState {
  token: string | null;
  isAdmin: boolean;
  user: CurrentUser | null;
  signIn: (result: LoginResult) => void;
  setUser: (user: CurrentUser) => void;
  signOut: () => void;
}

function readUser(): CurrentUser | null {
  const raw = safeStorage.get(USER_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as CurrentUser;
  } catch {
    return null;
  }
}

// Written by hand rather than with zustand's persist middleware: persist would wrap everything in one
// JSON document, and the spec (and other tabs, and the e2e tests) read the raw 'token' and 'admin' keys.
export const useSessionStore = create<SessionState>()((set) => ({
  token: safeStorage.get(TOKEN_KEY),
  isAdmin: safeStorage.get(ADMIN_KEY) === 'true',
  user: readUser(),
  signIn: ({ token, admin, user }) => {
    safeStorage.set(TOKEN_KEY, token);
    safeStorage.set(ADMIN_KEY, admin ? 'true' : 'false');
    safeStorage.set(USER_KEY, JSON.stringify(user));
    set({ token, isAdmin: admin, user });
  },
  setUser: (user) => {
    safeStorage.set(USER_KEY, JSON.stringify(user));
    set({ user });
  },
  signOut: () => {
    safeStorage.remove(TOKEN_KEY);
    safeStorage.remove(ADMIN_KEY);
    safeStorage.remove(USER_KEY);
    set({ token: null, isAdmin: false, user: null });
  },
}));

/** Another tab signing out (or in) must be seen here too, or this tab keeps sending a dead token. */
export function syncSessionAcrossTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== TOKEN_KEY && event.key !== ADMIN_KEY && event.key !== null) return;
    useSessionStore.setState({
      token: safeStorage.get(TOKEN_KEY),
      isAdmin: safeStorage.get(ADMIN_KEY) === 'true',
      user: readUser(),
    });
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
