import { useLayoutEffect } from 'react';

/**
 * The first-paint frames: the static HTML of a screen's frame (the signed-in shell's header bar, the
 * login screens' brand) that the server writes into the page it sends for a route, so the browser
 * paints it with the HTML instead of after downloading and running the app (on a slow line and a slow
 * PC that is seconds: docs/performance.md, "Web vitals"). The web build renders them
 * (vite.config.ts) from the same theme and catalogue as the app; route-preloads.mjs names each route's
 * frame and the server inserts it before #root (packages/server/src/lib/page-html.ts).
 *
 * A frame is a picture of what the app then renders in the same place, with the same classes
 * (AppShell's header, AuthLayout's brand), hidden from assistive technology; the component that
 * renders the real one removes it in the same commit (useFirstPaintFrameRemoved), so the screen never
 * shows both or neither.
 */
export const FIRST_PAINT_ID = 'first-paint';

export type FirstPaintFrameName = 'shell' | 'auth';

/** What a frame shows: the catalogue's texts and the theme's resolved tokens (antd's getDesignToken). */
export interface FirstPaintInput {
  texts: { title: string; shortTitle: string; subtitle: string };
  /** antd's global tokens the frames' stylesheet rules read, as antd's CSS variables name them. */
  token: Record<(typeof CSS_VARIABLE_TOKENS)[number], string> & { fontFamily: string; controlHeight: number; screenMD: number };
  /** antd Layout's header as the theme sets it (AppShell's Layout.Header). */
  header: { background: string; color: string; padding: string; height: number };
  /** The brand mark, as a data: URL (the same SVG AuthLayout shows). */
  logo: string;
}

/**
 * The tokens styles.css reads through antd's CSS variables in the frames' elements and on <body>. antd
 * defines them when its first component renders; the frame defines the same values until then.
 */
export const CSS_VARIABLE_TOKENS = [
  'colorBgLayout',
  'colorBgContainer',
  'colorPrimaryBg',
  'colorPrimaryText',
  'colorTextSecondary',
  'colorTextLightSolid',
] as const;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
/** A value inside a stylesheet: nothing that could close the rule or the element. */
const cssValue = (value: string | number) => {
  const text = String(value);
  if (/[;{}<>]/.test(text)) throw new Error(`first-paint frame: unexpected CSS value ${text}`);
  return text;
};
const cssVariable = (token: string) => `--ant-${token.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

function stylesheet(input: FirstPaintInput, rules: string[]): string {
  const variables = CSS_VARIABLE_TOKENS.map((token) => `${cssVariable(token)}:${cssValue(input.token[token])}`).join(';');
  // On <html> (the theme class is there, index.html) so that <body>'s background reads them too; the
  // rule goes with the frame, and antd's own definitions have the same values.
  return `<style>html.tcm-theme{${variables}}${rules.join('')}</style>`;
}

function shellFrame(input: FirstPaintInput): string {
  const { header, token, texts } = input;
  // AppShell's Layout.Header (antd: height, padding, line height, colours) with styles.css's classes;
  // the short title below antd's md breakpoint, as AppShell chooses with Grid.useBreakpoint.
  // The font is antd Layout's (the theme's); AuthLayout's page has the browser's, as the auth frame.
  const rules = [
    `#${FIRST_PAINT_ID}{font-family:${cssValue(token.fontFamily)}}`,
    `#${FIRST_PAINT_ID} .first-paint-header{height:${cssValue(header.height)}px;line-height:${cssValue(header.height)}px;padding:${cssValue(header.padding)};background:${cssValue(header.background)};color:${cssValue(header.color)}}`,
    `#${FIRST_PAINT_ID} .first-paint-short{display:none}`,
    `@media (max-width:${cssValue(token.screenMD - 1)}px){#${FIRST_PAINT_ID} .first-paint-short{display:inline}#${FIRST_PAINT_ID} .first-paint-long{display:none}}`,
  ];
  return (
    `<div id="${FIRST_PAINT_ID}" data-frame="shell" aria-hidden="true">${stylesheet(input, rules)}` +
    `<header class="shell-header first-paint-header"><h1 class="shell-title">` +
    `<span class="first-paint-long">${escapeHtml(texts.title)}</span><span class="first-paint-short">${escapeHtml(texts.shortTitle)}</span>` +
    `</h1></header></div>`
  );
}

function authFrame(input: FirstPaintInput): string {
  const { texts, token } = input;
  // AuthLayout's page, toolbar row and brand; the panel below the brand is the screen's own.
  const rules = [`#${FIRST_PAINT_ID} .auth-toolbar{min-height:${cssValue(token.controlHeight)}px}`];
  return (
    `<div id="${FIRST_PAINT_ID}" data-frame="auth" aria-hidden="true">${stylesheet(input, rules)}` +
    `<div class="auth-page"><div class="auth-toolbar"></div><div class="auth-card"><div class="auth-brand">` +
    `<img src="${escapeHtml(input.logo)}" alt="" width="48" height="48">` +
    `<div><h1>${escapeHtml(texts.title)}</h1><p>${escapeHtml(texts.subtitle)}</p></div>` +
    `</div></div></div></div>`
  );
}

/** Both frames' HTML, as the build writes them for the server. */
export function firstPaintFrames(input: FirstPaintInput): Record<FirstPaintFrameName, string> {
  return { shell: shellFrame(input), auth: authFrame(input) };
}

/** Removes the frame the server sent, if any. */
export function removeFirstPaintFrame(): void {
  document.getElementById(FIRST_PAINT_ID)?.remove();
}

/**
 * For the components that render what a frame pictures (AppShell, AuthLayout) and for the screens a
 * framed route may end on instead (a route error): the frame goes in the commit that paints them.
 */
export function useFirstPaintFrameRemoved(): void {
  useLayoutEffect(removeFirstPaintFrame, []);
}
