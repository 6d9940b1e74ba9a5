import type { message } from 'antd';

/** The message API that antd's `message.useMessage()` hands out (ToastHost registers it). */
export type MessageInstance = ReturnType<typeof message.useMessage>[0];

/** antd message toasts close after 3000 ms (spec §4, §9); the duration is given in seconds. */
export const TOAST_SECONDS = 3;

/**
 * Toasts wait in `pending` until the message API is registered: antd's message code (~10 kB gzip) is
 * fetched on the first toast or when the signed-in shell opens (app/ToastHost), not with the login
 * screen. Only the newest few wait, as antd itself shows at most five.
 */
const MAX_PENDING = 5;

type Show = (api: MessageInstance) => void;

let instance: MessageInstance | null = null;
let pending: Show[] = [];
let hostWanted = false;
let loadHost: (() => void) | null = null;

/** Set by the toast host: the hook-based API follows the theme and locale of ConfigProvider. */
export function registerToast(api: MessageInstance | null): void {
  instance = api;
  if (!api) return;
  const waiting = pending;
  pending = [];
  for (const show of waiting) show(api);
}

/** The root component's way to load the host; called at once if a toast or the shell already wants it. */
export function onToastHostWanted(listener: (() => void) | null): void {
  loadHost = listener;
  if (listener && hostWanted) listener();
}

/** Loads the host ahead of the first toast (the signed-in shell: its screens raise toasts). */
export function requestToastHost(): void {
  hostWanted = true;
  loadHost?.();
}

function show(call: Show): void {
  if (instance) {
    call(instance);
    return;
  }
  pending = [...pending, call].slice(-MAX_PENDING);
  requestToastHost();
}

export const toast = {
  success: (text: string) => show((api) => void api.success(text)),
  error: (text: string) => show((api) => void api.error(text)),
  info: (text: string) => show((api) => void api.info(text)),
  warning: (text: string) => show((api) => void api.warning(text)),
  /** Escape closes every toast (spec §4), the ones still waiting for the host too. */
  closeAll: () => {
    pending = [];
    instance?.destroy();
  },
};
