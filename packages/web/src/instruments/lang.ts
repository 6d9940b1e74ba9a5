import type { Lang } from '@tcm/contracts/instruments/types';
import { useTranslation } from 'react-i18next';

/** The definitions' language for the interface language (zh-CN → zh, anything else → en). */
export function useInstrumentLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.language?.startsWith('en') ? 'en' : 'zh';
}

/** A DOM id from an item path (`medications.0.name` → `prefix-medications-0-name`). */
export function domId(prefix: string, path: string): string {
  return `${prefix}-${path.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
}
