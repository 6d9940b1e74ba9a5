import { isStorableText } from '../api/storable-text';
import { plannedDateProblem, recordDateKind, recordDateProblem } from '../clinical/record-dates';
import { isIsoDate } from './dates';
import { type EngineMessages, langOf, messagesFor } from './messages';
import type {
  DateItem,
  Derived,
  GroupItem,
  InstrumentContext,
  InstrumentDefinition,
  Item,
  ItemError,
  LeafItem,
  LikertItem,
  NumberItem,
  RecordData,
} from './types';
import { unitText } from './units';
import { allItems, isEmptyValue, isPlainObject, visibilityResolver } from './visibility';

/**
 * The generic instrument engine: initial values, validation with messages that name the item (in
 * Chinese, or in English when the context asks for it; see messages.ts), cleaning (hidden items dropped, strings trimmed, numbers parsed) and derived values.
 * It knows nothing of any one annex; annex rules live in their definitions.
 */

export type ValidationResult = { ok: true; data: RecordData; derived: Derived } | { ok: false; errors: ItemError[] };

type Cleaned = { value: unknown } | { error: string } | { empty: true };

const CHOICE_TYPES = new Set(['single', 'multiple', 'grade', 'boolean', 'likert']);
const EARLIEST_DATE = '1900-01-01';

/** Values for a blank form: defaults where the definition gives them, empty lists for lists. */
export function initialValues(def: InstrumentDefinition): RecordData {
  const values: RecordData = {};
  for (const item of allItems(def)) {
    if (item.type === 'multiple') values[item.key] = [];
    else if (item.type === 'likert') values[item.key] = {};
    else if (item.type === 'group') values[item.key] = Array.from({ length: item.minRows ?? 0 }, () => initialRow(item));
    else if ('defaultValue' in item && item.defaultValue !== undefined) values[item.key] = item.defaultValue;
  }
  return values;
}

/** A new row of a repeating group. */
export function initialRow(group: GroupItem): RecordData {
  const row: RecordData = {};
  for (const item of group.items) {
    if (item.type === 'multiple') row[item.key] = [];
    else if ('defaultValue' in item && item.defaultValue !== undefined) row[item.key] = item.defaultValue;
  }
  return row;
}

/** A refused value as a message quotes it: short, so a long or hostile input is not echoed whole. */
function preview(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  const chars = [...text];
  return chars.length > 20 ? `${chars.slice(0, 20).join('')}…` : text;
}

function requiredMessage(item: Item | LeafItem, label: string, m: EngineMessages): string {
  return CHOICE_TYPES.has(item.type) ? m.choose(label) : m.required(label);
}

function decimalPlaces(value: number): number {
  const text = String(value);
  if (text.includes('e')) return Number.POSITIVE_INFINITY;
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** 1–33.3 reads "1.0–33.3": both bounds with the same number of decimals. */
function formatRange(item: NumberItem, context: InstrumentContext): string {
  const places = Math.min(Math.max(decimalPlaces(item.min), decimalPlaces(item.max)), item.decimals);
  const unit = item.unit ? ` ${unitText(item.unit, langOf(context))}` : '';
  return `${item.min.toFixed(places)}–${item.max.toFixed(places)}${unit}`;
}

function cleanNumber(item: NumberItem, raw: unknown, label: string, context: InstrumentContext): Cleaned {
  const m = messagesFor(context);
  let value: number;
  if (typeof raw === 'number') value = raw;
  else if (typeof raw === 'string' && /^-?\d+(\.\d+)?$/.test(raw.trim())) value = Number(raw.trim());
  else return { error: m.notNumber(label) };
  if (!Number.isFinite(value)) return { error: m.notNumber(label) };
  if (item.decimals === 0 && !Number.isInteger(value)) return { error: m.notInteger(label) };
  if (decimalPlaces(value) > item.decimals) return { error: m.tooManyDecimals(label, item.decimals) };
  if (value < item.min || value > item.max) return { error: m.outOfRange(label, formatRange(item, context)) };
  return { value };
}

function cleanDate(item: DateItem, raw: unknown, label: string, context: InstrumentContext): Cleaned {
  const m = messagesFor(context);
  if (!isIsoDate(raw)) return { error: m.badDate(label) };
  if (raw < EARLIEST_DATE) return { error: m.impossibleDate(label) };
  if (!item.allowFuture && raw > context.today) return { error: m.inFuture(label, context.today) };
  const tooFar = item.allowFuture ? plannedDateProblem(raw, context.today, label, langOf(context)) : null;
  if (tooFar) return { error: tooFar };
  return { value: raw };
}

function cleanLeaf(item: LeafItem, raw: unknown, label: string, context: InstrumentContext): Cleaned {
  const m = messagesFor(context);
  if (isEmptyValue(raw)) return item.required ? { error: requiredMessage(item, label, m) } : { empty: true };
  switch (item.type) {
    case 'number':
      return cleanNumber(item, raw, label, context);
    case 'text': {
      if (typeof raw !== 'string') return { error: m.notText(label) };
      // PostgreSQL jsonb cannot hold NUL, and a lone surrogate is not text: refuse, naming the item.
      if (!isStorableText(raw)) return { error: m.unstorableText(label) };
      const text = raw.trim();
      if ([...text].length > item.maxLength) return { error: m.tooLong(label, item.maxLength) };
      return { value: text };
    }
    case 'date':
      return cleanDate(item, raw, label, context);
    case 'single':
    case 'grade':
      if (typeof raw === 'string' && item.options.some((option) => option.value === raw)) return { value: raw };
      return { error: m.badOption(label, preview(raw)) };
    case 'multiple': {
      if (!Array.isArray(raw)) return { error: m.notList(label) };
      const invalid = raw.find((value) => typeof value !== 'string' || !item.options.some((option) => option.value === value));
      if (invalid !== undefined) return { error: m.badOption(label, preview(invalid)) };
      // Stored in the options' order so that equal answers are equal records.
      const chosen = item.options.filter((option) => raw.includes(option.value));
      const exclusive = chosen.find((option) => item.exclusive?.includes(option.value));
      if (exclusive && chosen.length > 1) return { error: m.exclusive(label, exclusive.label[langOf(context)]) };
      return { value: chosen.map((option) => option.value) };
    }
    case 'boolean':
      if (typeof raw === 'boolean') return { value: raw };
      return { error: m.notYesNo(label) };
  }
}

function cleanGroup(
  group: GroupItem,
  raw: unknown,
  data: RecordData,
  topVisible: (key: string) => boolean,
  context: InstrumentContext,
  errors: ItemError[],
): Cleaned {
  const lang = langOf(context);
  const m = messagesFor(context);
  const label = group.label[lang];
  if (raw !== undefined && raw !== null && !Array.isArray(raw)) return { error: m.badFormat(label) };
  const rows: RecordData[] = [];
  const known = new Set(group.items.map((item) => item.key));
  (raw ?? []).forEach((row: unknown, index: number) => {
    const rowLabel = m.row(label, index + 1);
    if (!isPlainObject(row)) {
      errors.push({ item: `${group.key}.${index}`, message: m.badFormat(rowLabel) });
      return;
    }
    for (const key of Object.keys(row)) {
      if (!known.has(key)) errors.push({ item: `${group.key}.${index}.${key}`, message: m.unknownField(`${group.key}.${index}.${key}`) });
    }
    // A row left completely blank is an unused line of the form, not an incomplete answer.
    if (group.items.every((item) => isEmptyValue(row[item.key]))) return;
    const isVisible = visibilityResolver(group.items, row, (key) => ({ visible: topVisible(key), value: data[key] }));
    const cleanedRow: RecordData = {};
    for (const item of group.items) {
      if (!isVisible(item.key)) continue;
      const result = cleanLeaf(item, row[item.key], `${rowLabel} ${item.label[lang]}`, context);
      if ('error' in result) errors.push({ item: `${group.key}.${index}.${item.key}`, message: result.error });
      else if ('value' in result) cleanedRow[item.key] = result.value;
    }
    rows.push(cleanedRow);
  });
  if (rows.length === 0 && group.required) return { error: requiredMessage(group, label, m) };
  if (group.minRows !== undefined && rows.length > 0 && rows.length < group.minRows) return { error: m.minRows(label, group.minRows) };
  if (rows.length > group.maxRows) return { error: m.maxRows(label, group.maxRows) };
  return rows.length === 0 ? { empty: true } : { value: rows };
}

function toScaleValue(raw: unknown): unknown {
  return typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : raw;
}

function cleanLikert(item: LikertItem, raw: unknown, context: InstrumentContext, errors: ItemError[]): Cleaned {
  const lang = langOf(context);
  const m = messagesFor(context);
  const label = item.label[lang];
  if (raw !== undefined && raw !== null && !isPlainObject(raw)) return { error: m.badFormat(label) };
  const answers = (raw ?? {}) as Record<string, unknown>;
  const slots = new Set(item.questions.flatMap((question) => question.slots));
  for (const key of Object.keys(answers)) {
    if (!slots.has(key)) errors.push({ item: `${item.key}.${key}`, message: m.unknownField(`${item.key}.${key}`) });
  }
  const cleaned: Record<string, number> = {};
  item.questions.forEach((question, index) => {
    const name = m.question(label, index + 1, question.label[lang]);
    const given = question.slots.map((slot) => toScaleValue(answers[slot])).filter((value) => !isEmptyValue(value));
    if (given.length === 0) {
      if (item.required) errors.push({ item: `${item.key}.${question.key}`, message: m.answer(name) });
      return;
    }
    const invalid = given.find((value) => !item.options.some((option) => option.value === value));
    if (invalid !== undefined) {
      errors.push({ item: `${item.key}.${question.key}`, message: m.badAnswer(name, preview(invalid)) });
      return;
    }
    if (new Set(given).size > 1) {
      errors.push({ item: `${item.key}.${question.key}`, message: m.inconsistentAnswer(name) });
      return;
    }
    // A question shared by two sub-scales is asked once: its answer fills every slot it owns.
    for (const slot of question.slots) cleaned[slot] = given[0] as number;
  });
  return Object.keys(cleaned).length === 0 ? { empty: true } : { value: cleaned };
}

function checkDateOrder(def: InstrumentDefinition, cleaned: RecordData, context: InstrumentContext, errors: ItemError[]): void {
  const lang = langOf(context);
  const items = allItems(def);
  for (const item of items) {
    if (item.type !== 'date' || !item.notBeforeItem) continue;
    const value = cleaned[item.key];
    const other = cleaned[item.notBeforeItem];
    const otherItem = items.find((candidate) => candidate.key === item.notBeforeItem);
    if (typeof value === 'string' && typeof other === 'string' && value < other && otherItem) {
      errors.push({ item: item.key, message: messagesFor(context).notBefore(item.label[lang], otherItem.label[lang], other) });
    }
  }
}

/** The record's own date lies in the patient's life and in the programme's window around enrolment. */
function checkRecordDate(def: InstrumentDefinition, cleaned: RecordData, context: InstrumentContext, errors: ItemError[]): void {
  const date = cleaned[def.dateItem];
  if (typeof date !== 'string') return;
  const item = allItems(def).find((candidate) => candidate.key === def.dateItem);
  const label = item?.label[langOf(context)] ?? def.dateItem;
  const facts = { date, birthDate: context.birthDate, enrolledAt: context.enrolledAt, today: context.today, kind: recordDateKind(def.key) };
  const problem = recordDateProblem(facts, label, langOf(context));
  if (problem) errors.push({ item: def.dateItem, message: problem });
}

/**
 * Item rules, then the definition's cross-item rules. Returns the cleaned values that passed even
 * when others failed, so that a form can preview derived values while the user is still typing.
 */
export function checkRecord(
  def: InstrumentDefinition,
  input: unknown,
  context: InstrumentContext,
): { data: RecordData; errors: ItemError[] } {
  const lang = langOf(context);
  const m = messagesFor(context);
  if (!isPlainObject(input)) return { data: {}, errors: [{ item: '', message: m.badRecord(def.title[lang]) }] };
  const errors: ItemError[] = [];
  const items = allItems(def);
  const known = new Set(items.map((item) => item.key));
  for (const key of Object.keys(input)) {
    if (!known.has(key)) errors.push({ item: key, message: m.unknownField(key) });
  }
  const isVisible = visibilityResolver(items, input);
  const cleaned: RecordData = {};
  for (const item of items) {
    if (!isVisible(item.key)) continue; // hidden answers are dropped, not stored stale
    const raw = input[item.key];
    let result: Cleaned;
    if (item.type === 'group') result = cleanGroup(item, raw, input, isVisible, context, errors);
    else if (item.type === 'likert')
      result =
        isEmptyValue(raw) && item.required
          ? { error: requiredMessage(item, item.label[lang], m) }
          : cleanLikert(item, raw, context, errors);
    else result = cleanLeaf(item, raw, item.label[lang], context);
    if ('error' in result) errors.push({ item: item.key, message: result.error });
    else if ('value' in result) cleaned[item.key] = result.value;
  }
  checkDateOrder(def, cleaned, context, errors);
  checkRecordDate(def, cleaned, context, errors);
  // Cross-item rules run on what is valid; an item that already has an error gets no second one.
  const flagged = new Set(errors.map((error) => error.item));
  for (const error of def.validate?.(cleaned, context) ?? []) {
    if (!flagged.has(error.item)) errors.push(error);
  }
  return { data: cleaned, errors };
}

/**
 * Validate and clean a record; on success also compute its derived values. Keys the definition does
 * not know refuse the record before any value is checked: a body of made-up keys costs one pass over
 * its keys, not the item rules (a form in the browser checks values as they are typed: checkRecord).
 */
export function validateRecord(def: InstrumentDefinition, input: unknown, context: InstrumentContext): ValidationResult {
  if (isPlainObject(input)) {
    const known = new Set(allItems(def).map((item) => item.key));
    const m = messagesFor(context);
    const unknown = Object.keys(input).filter((key) => !known.has(key));
    if (unknown.length > 0) return { ok: false, errors: unknown.map((key) => ({ item: key, message: m.unknownField(key) })) };
  }
  const { data, errors } = checkRecord(def, input, context);
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, data, derived: def.derive?.(data, context) ?? {} };
}

/** Derived values from whatever is valid so far (live display in the form). */
export function previewDerived(def: InstrumentDefinition, input: unknown, context: InstrumentContext): Derived {
  return def.derive?.(checkRecord(def, input, context).data, context) ?? {};
}

/** Values the definition proposes for items that are still empty. */
export function suggestedValues(def: InstrumentDefinition, input: RecordData, context: InstrumentContext): RecordData {
  const proposals = def.suggest?.(checkRecord(def, input, context).data, context) ?? {};
  return Object.fromEntries(Object.entries(proposals).filter(([key]) => isEmptyValue(input[key])));
}
