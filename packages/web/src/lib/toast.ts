import type { MessageInstance } from 'antd/es/message/interface';

/** antd message toasts close after 3000 ms (spec §4, §9); the duration is given in seconds. */
export const TOAST_SECONDS = 3;

let instance: MessageInstance | null = null;

/** Set once by the root component: the hook-based API follows the theme and locale of ConfigProvider. */
export function registerToast(api: MessageInstance | null): void {
  instance = api;
}

export const toast = {
  success: (text: string) => void instance?.success(text),
  error: (text: string) => void instance?.error(text),
  info: (text: string) => void instance?.info(text),
  warning: (text: string) => void instance?.warning(text),
  /** Escape closes every toast (spec §4). */
  closeAll: () => instance?.destroy(),
};
