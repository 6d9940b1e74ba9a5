// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { theme as antdTheme, ConfigProvider } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { themeForMotion, useReducedMotion } from './reduced-motion';
import { theme } from './theme';

/** A stand-in for the system setting: matchMedia answers `reduce` while `reduce` is true, and tells listeners when it changes. */
function fakeSystemSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const original = window.matchMedia;
  let matches = reduce;
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === '(prefers-reduced-motion: reduce)' && matches;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
  return {
    set(next: boolean) {
      matches = next;
      for (const listener of listeners) listener();
    },
    restore() {
      window.matchMedia = original;
    },
  };
}

function MotionReadout() {
  const { token } = antdTheme.useToken();
  return <output>{`motion ${String(token.motion)} · ${token.motionDurationMid}`}</output>;
}

function Themed() {
  const reduced = useReducedMotion();
  return (
    <ConfigProvider theme={themeForMotion(theme, reduced)}>
      <MotionReadout />
    </ConfigProvider>
  );
}

let setting: ReturnType<typeof fakeSystemSetting> | undefined;
afterEach(() => {
  cleanup();
  setting?.restore();
});

describe('reduced motion', () => {
  it('keeps antd motion when the system does not ask for less', () => {
    setting = fakeSystemSetting(false);
    render(<Themed />);
    expect(screen.getByRole('status').textContent).toBe('motion true · 0.2s');
  });

  it('turns antd motion off when the system asks for less, and back on when the setting changes', () => {
    setting = fakeSystemSetting(true);
    render(<Themed />);
    expect(screen.getByRole('status').textContent).toBe('motion false · 0s');
    act(() => setting?.set(false));
    expect(screen.getByRole('status').textContent).toBe('motion true · 0.2s');
  });

  it('leaves the theme object itself alone when motion stays on', () => {
    expect(themeForMotion(theme, false)).toBe(theme);
    expect(themeForMotion(theme, true).token).toMatchObject({ ...theme.token, motion: false });
  });
});
