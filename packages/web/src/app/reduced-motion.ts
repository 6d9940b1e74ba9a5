import type { ThemeConfig } from 'antd';
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && Boolean(window.matchMedia?.(QUERY).matches);
}

/**
 * Whether the user's system asks for less motion (WCAG 2.3.3): some people get dizzy or lose their
 * place when dialogs zoom and menus slide. Follows the setting live.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}

/**
 * The theme with antd's motion off when less motion is asked for: its zoom, slide and fade animations
 * end at once (antd sets its motion durations to 0 s). The same object otherwise, so ConfigProvider
 * does not recompute its tokens on every render.
 */
export function themeForMotion(theme: ThemeConfig, reduced: boolean): ThemeConfig {
  return reduced ? { ...theme, token: { ...theme.token, motion: false } } : theme;
}
