import { readFileSync } from 'node:fs';
import path from 'node:path';
import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { THEME_CLASS, theme } from './theme';

/** WCAG 2.x relative luminance of an opaque #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('theme tokens', () => {
  const tokens = antdTheme.getDesignToken(theme);

  it.each(['Primary', 'Info', 'Success', 'Warning', 'Error'] as const)(
    '%s: the coloured text keeps ≥ 4.5:1 on white and on its own light tint',
    (kind) => {
      const text = tokens[`color${kind}` as const];
      const background = tokens[`color${kind}Bg` as const];
      expect(contrast(text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(text, background), `${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
      // A tint is a tint: close to white, not the grey antd derives from a dark base.
      expect(luminance(background), background).toBeGreaterThan(0.8);
    },
  );

  it('selects list options on the light primary tint', () => {
    expect(tokens.controlItemBgActive).toBe(tokens.colorPrimaryBg);
    expect(luminance(tokens.controlItemBgActive)).toBeGreaterThan(0.8);
  });
});

describe('theme CSS variables', () => {
  it('are written for the class that index.html puts on the whole document', () => {
    expect(theme.cssVar).toEqual({ key: THEME_CLASS });
    const html = readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
    expect(/<html [^>]*class="([^"]*)"/.exec(html)?.[1]?.split(' ')).toContain(THEME_CLASS);
  });
});
