import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useEffect, useRef } from 'react';
import dayjs from '../lib/dayjs';

// Strict parsing of the typed forms (antd's picker loads it too; stated here, where it is relied on).
dayjs.extend(customParseFormat);

/**
 * What a doctor may type (only full-width forms: the picker parses while typing, and 2026-11-2 must
 * not be taken before the 7 comes): the display format first (what the field shows, in either interface
 * language, whatever the browser's locale), then the compact and slash forms.
 */
export const DATE_INPUT_FORMATS = ['YYYY-MM-DD', 'YYYYMMDD', 'YYYY/MM/DD'];

/** A typed date as YYYY-MM-DD, or null when it is no real calendar day in one of the accepted forms. */
export function parseTypedDate(text: string): string | null {
  const trimmed = text.trim();
  for (const format of DATE_INPUT_FORMATS) {
    const parsed = dayjs(trimmed, format, true);
    if (parsed.isValid()) return parsed.format('YYYY-MM-DD');
  }
  return null;
}

interface Props {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
  /** antd's red border, for a date the form refused. */
  status?: 'error';
  className?: string;
  /** Days that cannot be chosen (as YYYY-MM-DD). */
  isDisabled?: (day: string) => boolean;
  placeholder?: string;
  allowClear?: boolean;
}

/**
 * The one date control of the app: antd's DatePicker holding a YYYY-MM-DD string, showing and parsing
 * the formats above whatever the browser's locale (the calendar's words follow the interface
 * language through dayjs), and leaving the field on Tab: the clear button is kept out of the tab
 * order, since it is one click for the mouse and Backspace does the same from the keyboard.
 */
export function DateField({ id, value, onChange, isDisabled, placeholder, allowClear = true, status, className, ...aria }: Props) {
  const wrapper = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    for (const clear of wrapper.current?.querySelectorAll<HTMLButtonElement>('.ant-picker-clear') ?? []) clear.tabIndex = -1;
  });
  const picked = value ? dayjs(value, 'YYYY-MM-DD', true) : null;
  return (
    <span ref={wrapper} className={className} style={{ display: 'block' }}>
      <DatePicker
        id={id}
        {...aria}
        status={status}
        style={{ width: '100%' }}
        value={picked?.isValid() ? picked : null}
        format={DATE_INPUT_FORMATS}
        placeholder={placeholder ?? 'YYYY-MM-DD'}
        allowClear={allowClear}
        {...(isDisabled ? { disabledDate: (day: Dayjs) => isDisabled(day.format('YYYY-MM-DD')) } : {})}
        onChange={(day: Dayjs | null) => onChange?.(day ? day.format('YYYY-MM-DD') : null)}
      />
    </span>
  );
}
