/**
 * What the API client does to the world when an answer fails: show a message, end the session.
 * The app wires real implementations at start (toast, router); until then errors go to the console.
 * This keeps the client free of React and of an import cycle with the router.
 */
export interface ClientEffects {
  /**
   * Show an error toast. `message` null means: show the generic 系统错误 text, or for `network` /
   * `timeout` a sentence saying the server could not be reached.
   */
  showError: (message: string | null, reason?: 'network' | 'timeout') => void;
  /** Code 900: drop the token, say the session expired, go to /login. */
  expireSession: () => void;
}

let effects: ClientEffects = {
  showError: (message) => console.error('[api]', message ?? 'system error'),
  expireSession: () => console.warn('[api] session expired'),
};

export function configureClientEffects(next: ClientEffects): void {
  effects = next;
}

export function clientEffects(): ClientEffects {
  return effects;
}
