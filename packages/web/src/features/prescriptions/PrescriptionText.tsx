import type { PrescriptionLang } from '@tcm/contracts/prescriptions/labels';
import { useTranslation } from 'react-i18next';

/** The language of the contracts' prescription labels that matches the UI language. */
export function usePrescriptionLang(): PrescriptionLang {
  const { i18n } = useTranslation();
  return i18n.language?.startsWith('en') ? 'en' : 'zh';
}

/** A timestamp as a local date (the sheet), or date and time (the history). */
export function formatIssued(iso: string, withTime = false): string {
  // issuedAt is a calendar date already (YYYY-MM-DD): shown as it is, never shifted by a time zone.
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return withTime ? `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}` : day;
}

/** The colon after a label: full-width in Chinese, ": " in English. */
export function colonOf(lang: PrescriptionLang): string {
  return lang === 'zh' ? '：' : ': ';
}
