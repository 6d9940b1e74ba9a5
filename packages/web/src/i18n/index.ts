import type { ConfigProviderProps } from 'antd';

/** antd's texts for one language (pagination, date pickers, dialogs). */
export type Locale = NonNullable<ConfigProviderProps['locale']>;

import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { safeStorage } from '../stores/storage';
import zhCN, { type Catalogue } from './zh-CN';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';
const LANGUAGE_KEY = 'lang';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}

/** Messages that come from the contracts' zod schemas are Chinese; English maps them by their text. */
let validationMessages: Record<string, string> = {};
/** antd's English texts, set with the English catalogue (antd's Chinese ones are in App's import). */
let englishAntdLocale: Locale | null = null;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

// English is fetched only when chosen: most users never need it, and the login screen stays small.
async function loadLanguage(language: Language): Promise<void> {
  if (language === 'zh-CN' || i18n.hasResourceBundle(language, 'translation')) return;
  const english = await import('./english');
  validationMessages = english.validationMessages;
  englishAntdLocale = english.antdLocale;
  i18n.addResourceBundle(language, 'translation', english.catalogue, true, true);
}

export async function initI18n(): Promise<typeof i18n> {
  await i18n.use(initReactI18next).init({
    resources: { 'zh-CN': { translation: zhCN } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const stored = safeStorage.get(LANGUAGE_KEY);
  if (isLanguage(stored) && stored !== DEFAULT_LANGUAGE) await changeLanguage(stored);
  else document.documentElement.lang = DEFAULT_LANGUAGE;
  return i18n;
}

export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  safeStorage.set(LANGUAGE_KEY, language);
  // axe's html-lang-valid / screen readers: the document language follows the UI language.
  document.documentElement.lang = language;
}

/**
 * antd's locale for a UI language: null means antd's Chinese. Ready as soon as the language is, since
 * changeLanguage loads both before switching, so antd never shows Chinese texts in an English UI.
 */
export function antdLocaleFor(language: string): Locale | null {
  return language === 'en-US' ? englishAntdLocale : null;
}

/** A message from a contracts schema (or the server), in the UI language when a translation exists. */
export function translateValidation(message: string): string {
  if (currentLanguage() === 'zh-CN') return message;
  return validationMessages[message] ?? message;
}

export { i18n };
