// @vitest-environment happy-dom

import { render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AuthLayout } from '../features/account/AuthLayout';
import { bootI18n } from '../test-support/render';
import { FIRST_PAINT_ID, type FirstPaintInput, firstPaintFrames } from './first-paint-frame';

/*
 * The frames the server sends with a page (the shell's header, the login screens' brand): the same
 * elements and classes as the components that replace them, antd's CSS variables defined until antd
 * defines them, the texts escaped, and gone in the commit that renders the real ones.
 */

const INPUT: FirstPaintInput = {
  texts: { title: '糖尿病前期<管理>', shortTitle: '糖前管理', subtitle: '社区 & 平台' },
  token: {
    colorBgLayout: '#f4f6f5',
    colorBgContainer: '#ffffff',
    colorPrimaryBg: '#e6f2ee',
    colorPrimaryText: '#0f6b57',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextLightSolid: '#fff',
    fontFamily: "'Noto Sans SC', sans-serif",
    controlHeight: 32,
    screenMD: 768,
  },
  header: { background: '#0f6b57', color: '#ffffff', padding: '0 16px', height: 64 },
  logo: 'data:image/svg+xml,%3Csvg%2F%3E',
};

function frameElement(html: string): HTMLElement {
  document.body.innerHTML = html;
  const frame = document.getElementById(FIRST_PAINT_ID);
  if (!frame) throw new Error('no frame');
  return frame;
}

describe('the first-paint frames', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it("pictures AppShell's header: the title (the short one below the md breakpoint) in the header bar", () => {
    const frame = frameElement(firstPaintFrames(INPUT).shell);
    expect(frame.getAttribute('aria-hidden')).toBe('true');
    const header = frame.querySelector('header.shell-header');
    expect(header?.querySelector('h1.shell-title')?.textContent).toBe('糖尿病前期<管理>糖前管理');
    const css = frame.querySelector('style')?.textContent ?? '';
    expect(css).toContain('.first-paint-header{height:64px;line-height:64px;padding:0 16px;background:#0f6b57;color:#ffffff}');
    expect(css).toContain(
      '@media (max-width:767px){#first-paint .first-paint-short{display:inline}#first-paint .first-paint-long{display:none}}',
    );
  });

  it("pictures AuthLayout's brand: mark, title and subtitle, below a toolbar row as tall as its button", () => {
    const frame = frameElement(firstPaintFrames(INPUT).auth);
    const brand = frame.querySelector('.auth-page > .auth-card > .auth-brand');
    expect(brand?.querySelector('img')?.getAttribute('src')).toBe(INPUT.logo);
    expect(brand?.querySelector('h1')?.textContent).toBe('糖尿病前期<管理>');
    expect(brand?.querySelector('p')?.textContent).toBe('社区 & 平台');
    expect(frame.querySelector('style')?.textContent).toContain('#first-paint .auth-toolbar{min-height:32px}');
  });

  it("defines antd's CSS variables the page reads before antd has run, and escapes the texts", () => {
    const html = firstPaintFrames(INPUT).shell;
    expect(html).toContain(
      'html.tcm-theme{--ant-color-bg-layout:#f4f6f5;--ant-color-bg-container:#ffffff;--ant-color-primary-bg:#e6f2ee;' +
        '--ant-color-primary-text:#0f6b57;--ant-color-text-secondary:rgba(0, 0, 0, 0.65);--ant-color-text-light-solid:#fff}',
    );
    expect(html).toContain('糖尿病前期&lt;管理&gt;');
    expect(firstPaintFrames(INPUT).auth).toContain('社区 &amp; 平台');
  });

  it('refuses a value that would leave its stylesheet rule', () => {
    expect(() => firstPaintFrames({ ...INPUT, header: { ...INPUT.header, background: 'red}</style><b>' } })).toThrow(
      'unexpected CSS value',
    );
  });
});

describe('the frame goes when the real one renders', () => {
  beforeAll(() => bootI18n());

  it('AuthLayout removes it in the commit that renders its brand', () => {
    document.body.insertAdjacentHTML('afterbegin', firstPaintFrames(INPUT).auth);
    expect(document.getElementById(FIRST_PAINT_ID)).not.toBeNull();
    const { container } = render(
      <AuthLayout title="医生登录">
        <p>form</p>
      </AuthLayout>,
    );
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
    expect(container.querySelector('.auth-brand h1')?.textContent).toBe('糖尿病前期中医药健康管理');
  });
});
