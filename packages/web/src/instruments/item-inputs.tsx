import type { Lang, LeafItem } from '@tcm/contracts/instruments/types';
import { unitText } from '@tcm/contracts/instruments/units';
import { Input } from 'antd';
import { type ComponentType, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../components/DateField';

/** What every item input receives: the engine's item, its value, and how it is named for assistive tech. */
export interface ItemInputProps<I extends LeafItem = LeafItem> {
  item: I;
  value: unknown;
  onChange: (value: unknown) => void;
  id: string;
  labelId: string;
  errorId?: string;
  invalid: boolean;
  lang: Lang;
  today: string;
}

/** More options than this read better as a drop-down than as a row of radio buttons. */
const MAX_INLINE_OPTIONS = 6;

function aria(props: ItemInputProps) {
  return {
    'aria-invalid': props.invalid || undefined,
    'aria-describedby': props.errorId,
    'aria-required': props.item.required || undefined,
  };
}

/** antd's red border for a box whose answer the engine refused. */
const status = (props: ItemInputProps) => (props.invalid ? ('error' as const) : undefined);

/**
 * What a number box holds as the form's value: a number once the text reads as one (full-width digits
 * from a Chinese keyboard count; a trailing point while typing 160.5 reads as 160, .5 as 0.5), nothing for an empty
 * box, and otherwise the text itself, so that the engine names it (不是数字) instead of the box silently
 * dropping it.
 */
export function readTypedNumber(text: string): number | string | undefined {
  const plain = text.normalize('NFKC').trim();
  if (plain === '') return undefined;
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(plain) ? Number(plain) : plain;
}

/** The value after one press of ↑ (+1) or ↓ (−1): one step of the item's last decimal, from 0 when empty. */
export function steppedNumber(value: unknown, decimals: number, direction: 1 | -1): number {
  const start = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  return Number((start + direction * 10 ** -decimals).toFixed(decimals));
}

/**
 * A value as the box shows it: a number with the item's decimals (70 kg as 70.0, as it is written on the
 * paper form) unless it has more than the item allows (shown whole, for the engine to name).
 */
export function measurementText(value: unknown, decimals: number): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  const places = String(value).split('.')[1]?.length ?? 0;
  return places <= decimals ? value.toFixed(decimals) : String(value);
}

/**
 * A measurement typed as text in antd's input box with its unit: announced as a spin button, stepped with
 * ↑ and ↓, and never changed by the mouse wheel (a scroll over a focused box must not alter a reading).
 * No min/max clamping either: clamping would hide a typo instead of naming it; the engine checks the range.
 */
function NumberInput(props: ItemInputProps<Extract<LeafItem, { type: 'number' }>>) {
  const { item, value } = props;
  // The text as typed ("160." while typing 160.5), kept until the value changes from outside the box.
  const [text, setText] = useState(() => measurementText(value, item.decimals));
  const [shown, setShown] = useState(value);
  if (!Object.is(shown, value)) {
    setShown(value);
    if (!Object.is(readTypedNumber(text), value)) setText(measurementText(value, item.decimals));
  }
  const change = (next: string) => {
    const read = readTypedNumber(next);
    setText(next);
    setShown(read);
    props.onChange(read);
  };
  const step = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    change(String(steppedNumber(value, item.decimals, event.key === 'ArrowUp' ? 1 : -1)));
  };
  return (
    <Input
      id={props.id}
      {...aria(props)}
      role="spinbutton"
      aria-valuenow={typeof value === 'number' ? value : undefined}
      inputMode={item.decimals > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={text}
      status={status(props)}
      suffix={item.unit ? unitText(item.unit, props.lang) : undefined}
      style={{ width: 200 }}
      onChange={(e) => change(e.target.value)}
      onKeyDown={step}
      // Leaving the box writes what it read the way it is shown when opened again (160 → 160.0).
      onBlur={() => setText(measurementText(readTypedNumber(text), item.decimals))}
    />
  );
}

function TextInput(props: ItemInputProps<Extract<LeafItem, { type: 'text' }>>) {
  const { item } = props;
  const value = typeof props.value === 'string' ? props.value : '';
  if (item.multiline)
    return (
      // The browser's own, in antd's look (styles.css), growing with its text up to six lines.
      <textarea
        id={props.id}
        {...aria(props)}
        className={`native-textarea${props.invalid ? ' is-invalid' : ''}`}
        rows={2}
        value={value}
        maxLength={item.maxLength}
        onChange={(e) => props.onChange(e.target.value)}
      />
    );
  return (
    <Input
      id={props.id}
      {...aria(props)}
      status={status(props)}
      value={value}
      maxLength={item.maxLength}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}

/**
 * The app's date field (typed as 2026-11-27, 20261127 or 2026/11/27, or picked), shown as YYYY-MM-DD
 * whatever the browser's locale. A date after today is not offered unless the item allows it, nor one
 * before 1900 (the engine still names one typed in).
 */
function DateInput(props: ItemInputProps<Extract<LeafItem, { type: 'date' }>>) {
  const { item, today } = props;
  return (
    <DateField
      id={props.id}
      {...aria(props)}
      status={status(props)}
      className="instrument-date"
      value={typeof props.value === 'string' ? props.value : null}
      isDisabled={(day) => day < '1900-01-01' || (!item.allowFuture && day > today)}
      onChange={(day) => props.onChange(day ?? undefined)}
    />
  );
}

function SingleInput(props: ItemInputProps<Extract<LeafItem, { type: 'single' | 'grade' }>>) {
  const { item, lang } = props;
  const options = item.options.map((option) => ({
    value: option.value,
    label: 'score' in option ? `${option.label[lang]}（${option.score}）` : option.label[lang],
  }));
  if (options.length > MAX_INLINE_OPTIONS) return <ChoiceSelect {...props} options={options} />;
  return <RadioChoices {...props} options={options} />;
}

interface Choice {
  value: string | boolean;
  label: string;
}

/**
 * Answers side by side as the browser's own radio buttons in one named group: arrow keys move between
 * them, the item's label names the group.
 */
function RadioChoices(props: ItemInputProps & { options: readonly Choice[] }) {
  return (
    <div id={props.id} role="radiogroup" aria-labelledby={props.labelId} {...aria(props)} className="instrument-choices">
      {props.options.map((option) => (
        <label key={String(option.value)} className="instrument-choice">
          <input
            type="radio"
            name={props.id}
            value={String(option.value)}
            checked={props.value === option.value}
            onChange={() => props.onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}

/** A longer list of answers (脉象, 舌质: 7–11) as the browser's own drop-down; its first entry clears the answer. */
function ChoiceSelect(props: ItemInputProps & { options: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  return (
    <select
      id={props.id}
      {...aria(props)}
      className={`native-select instrument-select${props.invalid ? ' is-invalid' : ''}`}
      value={typeof props.value === 'string' ? props.value : ''}
      onChange={(e) => props.onChange(e.target.value || undefined)}
    >
      <option value="">{t('instrument.choose')}</option>
      {props.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

function MultipleInput(props: ItemInputProps<Extract<LeafItem, { type: 'multiple' }>>) {
  const { item, lang } = props;
  const current = Array.isArray(props.value) ? (props.value as string[]) : [];
  const exclusive = new Set(item.exclusive ?? []);
  const onChange = (next: string[]) => {
    const added = next.filter((value) => !current.includes(value));
    // An exclusive answer (无症状) clears the others; any other answer clears it.
    if (added.some((value) => exclusive.has(value))) props.onChange(added.filter((value) => exclusive.has(value)).slice(-1));
    else props.onChange(next.filter((value) => !exclusive.has(value) || !added.length));
  };
  const options = item.options.map((option) => ({ value: option.value, label: option.label[lang] }));
  // Ticked answers in the options' order, whatever order they were ticked in.
  const toggled = (value: string, checked: boolean) =>
    options.filter((option) => (option.value === value ? checked : current.includes(option.value))).map((option) => option.value);
  return (
    <fieldset
      aria-labelledby={props.labelId}
      // aria-invalid is not allowed on role=group; the error text is still linked.
      aria-describedby={props.errorId}
      className="instrument-choices"
    >
      {options.map((option) => (
        <label key={option.value} className="instrument-choice">
          <input
            type="checkbox"
            value={option.value}
            checked={current.includes(option.value)}
            onChange={(e) => onChange(toggled(option.value, e.target.checked))}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

function BooleanInput(props: ItemInputProps<Extract<LeafItem, { type: 'boolean' }>>) {
  const { t } = useTranslation();
  return (
    <RadioChoices
      {...props}
      options={[
        { value: true, label: t('instrument.yes') },
        { value: false, label: t('instrument.no') },
      ]}
    />
  );
}

/** The registry: one input component per item type. Group and likert items have their own renderers. */
export const ITEM_INPUTS: { [K in LeafItem['type']]: ComponentType<ItemInputProps<Extract<LeafItem, { type: K }>>> } = {
  number: NumberInput,
  text: TextInput,
  date: DateInput,
  single: SingleInput,
  grade: SingleInput,
  multiple: MultipleInput,
  boolean: BooleanInput,
};

/** Inputs that are a group of controls are named by aria-labelledby, not by a <label for>. */
export function isControlGroup(item: LeafItem): boolean {
  if (item.type === 'single' || item.type === 'grade') return item.options.length <= MAX_INLINE_OPTIONS;
  return item.type === 'multiple' || item.type === 'boolean';
}

export function ItemInput(props: ItemInputProps) {
  const Input = ITEM_INPUTS[props.item.type] as ComponentType<ItemInputProps>;
  return <Input {...props} />;
}
