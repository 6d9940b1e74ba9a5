import type { Lang, LeafItem } from '@tcm/contracts/instruments/types';
import { unitText } from '@tcm/contracts/instruments/units';
import { Checkbox, DatePicker, Input, InputNumber, Radio, Select } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from '../lib/dayjs';

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
  };
}

function NumberInput(props: ItemInputProps<Extract<LeafItem, { type: 'number' }>>) {
  const { item, value } = props;
  return (
    <InputNumber
      id={props.id}
      {...aria(props)}
      value={typeof value === 'number' || typeof value === 'string' ? (value as number) : null}
      // No min/max here: clamping would hide a typo instead of naming it; the engine checks the range.
      step={10 ** -item.decimals}
      suffix={item.unit ? unitText(item.unit, props.lang) : undefined}
      style={{ width: 200 }}
      onChange={(next) => props.onChange(next ?? undefined)}
    />
  );
}

function TextInput(props: ItemInputProps<Extract<LeafItem, { type: 'text' }>>) {
  const { item } = props;
  const value = typeof props.value === 'string' ? props.value : '';
  if (item.multiline)
    return (
      <Input.TextArea
        id={props.id}
        {...aria(props)}
        value={value}
        maxLength={item.maxLength}
        autoSize={{ minRows: 2, maxRows: 6 }}
        onChange={(e) => props.onChange(e.target.value)}
      />
    );
  return <Input id={props.id} {...aria(props)} value={value} maxLength={item.maxLength} onChange={(e) => props.onChange(e.target.value)} />;
}

function DateInput(props: ItemInputProps<Extract<LeafItem, { type: 'date' }>>) {
  const { item, today } = props;
  const value = typeof props.value === 'string' && dayjs(props.value).isValid() ? dayjs(props.value) : null;
  return (
    <DatePicker
      id={props.id}
      {...aria(props)}
      value={value}
      format="YYYY-MM-DD"
      disabledDate={item.allowFuture ? undefined : (day) => day.format('YYYY-MM-DD') > today}
      onChange={(day) => props.onChange(day ? day.format('YYYY-MM-DD') : undefined)}
    />
  );
}

function SingleInput(props: ItemInputProps<Extract<LeafItem, { type: 'single' | 'grade' }>>) {
  const { item, lang } = props;
  const options = item.options.map((option) => ({
    value: option.value,
    label: 'score' in option ? `${option.label[lang]}（${option.score}）` : option.label[lang],
  }));
  if (options.length > MAX_INLINE_OPTIONS)
    return (
      <Select
        id={props.id}
        {...aria(props)}
        aria-labelledby={props.labelId}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        value={typeof props.value === 'string' ? props.value : undefined}
        options={options}
        style={{ minWidth: 240, maxWidth: '100%' }}
        onChange={(next) => props.onChange(next ?? undefined)}
      />
    );
  return (
    <Radio.Group
      id={props.id}
      role="radiogroup"
      aria-labelledby={props.labelId}
      {...aria(props)}
      value={props.value}
      options={options}
      onChange={(e) => props.onChange(e.target.value)}
    />
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
  return (
    <Checkbox.Group
      role="group"
      aria-labelledby={props.labelId}
      // aria-invalid is not allowed on role=group; the error text is still linked.
      aria-describedby={props.errorId}
      value={current}
      options={item.options.map((option) => ({ value: option.value, label: option.label[lang] }))}
      onChange={(next) => onChange(next as string[])}
    />
  );
}

function BooleanInput(props: ItemInputProps<Extract<LeafItem, { type: 'boolean' }>>) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      id={props.id}
      role="radiogroup"
      aria-labelledby={props.labelId}
      {...aria(props)}
      value={props.value}
      options={[
        { value: true, label: t('instrument.yes') },
        { value: false, label: t('instrument.no') },
      ]}
      onChange={(e) => props.onChange(e.target.value)}
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
