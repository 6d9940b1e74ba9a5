/**
 * localStorage that never throws: private browsing, a full quota or a locked-down browser must not
 * break sign-in, it only loses persistence.
 */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      // persistence is best effort
    }
  },
  remove(key: string): void {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      // persistence is best effort
    }
  },
};
