import { authApi } from '../api/auth';
import { configureClientEffects } from '../api/effects';
import { queryClient } from '../api/query-client';
import { i18n, translateValidation } from '../i18n';
import { useConfirmQueue } from '../stores/confirm-queue';
import { usePatientStore } from '../stores/patient';
import { useSessionStore } from '../stores/session';
import { isLoginPath, LOGIN_PATH } from './routes';
import { toast } from './toast';

type Navigate = (to: string, options?: { replace?: boolean }) => unknown;
let navigate: Navigate = (to) => window.location.assign(to);

export function registerNavigate(fn: Navigate): void {
  navigate = fn;
}

/** Everything that belonged to the person who signed in, gone: token, user, selected patient, cached data. */
function clearLocalSession(): void {
  useSessionStore.getState().signOut();
  usePatientStore.getState().reset();
  useConfirmQueue.getState().clear();
  queryClient.clear();
}

let signOutTarget: string | null = null;

/** Where the access guard sends a visitor without a token: the login they signed out to, else /login. */
export function guardLoginPath(): string {
  return signOutTarget ?? LOGIN_PATH;
}

/** A new session starts: a later expiry or sign-out elsewhere goes to /login again. */
export function forgetSignOutTarget(): void {
  signOutTarget = null;
}

/** Logout: tell the server (best effort; the local session ends either way) and go to the right login. */
export async function signOut(to: string): Promise<void> {
  try {
    await authApi.logout();
  } catch {
    // An already-expired session cannot be ended twice; the local sign-out below is what matters.
  }
  // Leave the shell first: clearing the token while still on a guarded screen would make the access
  // guard send an administrator to the doctors' /login instead of /login/admin.
  // The router renders the new location in a transition, so React can still be showing the shell
  // when the token goes; the guard then redirects too, and must send this person to the same login.
  signOutTarget = to;
  await navigate(to, { replace: true });
  clearLocalSession();
}

let lastExpiryNotice = 0;

function expireSession(): void {
  clearLocalSession();
  // Several calls in flight fail together with 900; one message is enough.
  if (Date.now() - lastExpiryNotice > 3000) {
    lastExpiryNotice = Date.now();
    toast.error(i18n.t('errors.sessionExpired'));
  }
  if (!isLoginPath(window.location.pathname)) navigate(LOGIN_PATH, { replace: true });
}

export function wireClientEffects(): void {
  configureClientEffects({
    showError: (message, reason) => {
      const fallback = reason === 'network' ? 'errors.network' : reason === 'timeout' ? 'errors.timeout' : 'errors.system';
      toast.error(message ? translateValidation(message) : i18n.t(fallback));
    },
    expireSession,
  });
}
