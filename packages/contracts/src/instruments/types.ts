import type { GlucoseMeasurement } from '../clinical/diabetes-confirmation';
import type { Cohort } from '../clinical/programme';
import type { Gender } from '../clinical/resident-id';

/**
 * The data dictionary model. One InstrumentDefinition drives the form (a generic renderer maps item
 * types to inputs), validation on both sides, derived values, history columns, print and export.
 * Item keys are stable storage keys: never rename one; add a new key and bump `version` instead.
 */

export type AnnexKey = '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | 'custom';

export type Lang = 'zh' | 'en';

export interface LocalizedText {
  zh: string;
  en: string;
}

export interface Option {
  value: string;
  label: LocalizedText;
}

export interface GradeOption extends Option {
  /** Points this grade adds to the instrument score. */
  score: number;
}

export interface ScaleOption {
  value: number;
  label: LocalizedText;
}

/**
 * Show an item only when another item (a sibling in the same group row first, else a top-level
 * item) has a value: `equals` one value, is `in` a list, a multiple choice `includes` one, or, with
 * none of these, is simply filled in. Hidden items are dropped from the saved record.
 */
export interface ShowWhen {
  item: string;
  equals?: unknown;
  in?: readonly unknown[];
  includes?: string;
}

interface ItemBase {
  key: string;
  label: LocalizedText;
  required?: boolean;
  showWhen?: ShowWhen;
  help?: LocalizedText;
}

export interface NumberItem extends ItemBase {
  type: 'number';
  unit?: string;
  min: number;
  max: number;
  /** Decimal places allowed; 0 = integer. The form's step is 10^-decimals. */
  decimals: number;
  defaultValue?: number;
  /**
   * The usual range: a value between min and softMin, or softMax and max, is stored as it is, but the
   * form asks the doctor to confirm it (see `softRangeWarnings`).
   */
  softMin?: number;
  softMax?: number;
}

export interface TextItem extends ItemBase {
  type: 'text';
  maxLength: number;
  multiline?: boolean;
  defaultValue?: string;
}

export interface DateItem extends ItemBase {
  type: 'date';
  /** Dates are not in the future unless this is set (next-visit dates). */
  allowFuture?: boolean;
  /** Must not be earlier than the date in this item (e.g. next visit after this visit). */
  notBeforeItem?: string;
}

export interface SingleItem extends ItemBase {
  type: 'single';
  options: readonly Option[];
  defaultValue?: string;
}

export interface MultipleItem extends ItemBase {
  type: 'multiple';
  options: readonly Option[];
  /** Options that exclude every other choice (e.g. 无症状). */
  exclusive?: readonly string[];
}

export interface GradeItem extends ItemBase {
  type: 'grade';
  options: readonly GradeOption[];
}

export interface BooleanItem extends ItemBase {
  type: 'boolean';
  defaultValue?: boolean;
}

/** Items allowed inside a repeating group row. */
export type LeafItem = NumberItem | TextItem | DateItem | SingleItem | MultipleItem | GradeItem | BooleanItem;

/** A repeating group: the value is an array of rows, each row an object of its items. */
export interface GroupItem extends ItemBase {
  type: 'group';
  items: readonly LeafItem[];
  minRows?: number;
  maxRows: number;
}

export interface LikertQuestion {
  /** Stable question key (q1…). */
  key: string;
  label: LocalizedText;
  /** Answer slots this question fills; a question shared by two sub-scales fills both. */
  slots: readonly string[];
  /** Sex-specific wording (the form picks by the patient's gender). */
  labelBySex?: { man: LocalizedText; woman: LocalizedText };
}

/**
 * A questionnaire answered on one shared scale. The value is keyed by slot, so scoring can stay
 * slot-based while the form asks each question once and writes its answer to all its slots.
 */
export interface LikertItem extends ItemBase {
  type: 'likert';
  questions: readonly LikertQuestion[];
  options: readonly ScaleOption[];
  /** Answer period shown above the questions, e.g. 根据近一年的体验和感觉. */
  instruction?: LocalizedText;
}

export type Item = LeafItem | GroupItem | LikertItem;
export type ItemType = Item['type'];

export interface Section {
  key: string;
  title: LocalizedText;
  items: readonly Item[];
}

export type RecordData = Record<string, unknown>;
export type Derived = Record<string, unknown>;

export interface RecordSnapshot {
  data: RecordData;
  derived: Derived;
}

/** What derived values and some rules need to know beyond the record itself. */
export interface InstrumentContext {
  /** YYYY-MM-DD, the reference day for "not in the future". */
  today: string;
  gender?: Gender;
  birthDate?: string;
  /** YYYY-MM-DD; with `birthDate`, bounds the record's own date (clinical/record-dates). */
  enrolledAt?: string;
  cohort?: Cohort;
  /** Comparison group: 0 pre-diabetes, 1 diabetes. */
  comparisonRole?: 0 | 1;
  /** The patient's baseline record of each annex (the first one), when this record is not it. */
  baseline?: Partial<Record<AnnexKey, RecordSnapshot | undefined>>;
  /** The patient's most recent record of each annex before this one. */
  latest?: Partial<Record<AnnexKey, RecordSnapshot | undefined>>;
  /** The patient's previous record of this same annex (annex 9 uses it for "twice in a row"). */
  previous?: RecordSnapshot;
  /**
   * The patient's glucose measurements from earlier records (annexes 1, 7, 8, 9), for confirming a
   * diabetic-range value by a second one on another day (clinical/diabetes-confirmation).
   */
  glucoseHistory?: readonly GlucoseMeasurement[];
  /** Language of the validation messages: Chinese by default (the server), English for the English UI. */
  lang?: Lang;
}

export interface ItemError {
  /** Item key; inside groups `group.rowIndex.item`, inside questionnaires `item.questionKey`. */
  item: string;
  message: string;
}

/** A derived value that is worth a column in history lists and exports. */
export interface DerivedColumn {
  /** Key in `derived`; dots reach into nested objects (e.g. 'transformed.qixu'). */
  key: string;
  label: LocalizedText;
  type: 'number' | 'text' | 'single' | 'boolean';
  unit?: string;
  options?: readonly Option[];
  /** The form also shows this value next to that item's input (e.g. the BP category beside the BP). */
  besideItem?: string;
  /** Values the doctor must notice before saving (an alert, "repeat the OGTT"); the form puts them up front. */
  attention?: (value: unknown) => boolean;
}

export interface InstrumentDefinition {
  key: AnnexKey;
  /** Bump when items change meaning; records keep the version they were answered against. */
  version: number;
  title: LocalizedText;
  /** The screen of the spec's router, if the instrument has its own. */
  route?: string;
  sections: readonly Section[];
  /** The item holding the record's clinical date (stored as the record's date). */
  dateItem: string;
  /** The item holding the next due date, if any (drives reminders). */
  nextDueItem?: string;
  /** Cross-item rules, run on the cleaned data after the item rules. */
  validate?(data: RecordData, context: InstrumentContext): ItemError[];
  /** Derived values (scores, status, alerts) from cleaned data; must tolerate missing values. */
  derive?(data: RecordData, context: InstrumentContext): Derived;
  /** Values the form proposes for empty items (e.g. next visit date from the visit date). */
  suggest?(data: RecordData, context: InstrumentContext): RecordData;
  derivedColumns?: readonly DerivedColumn[];
  /** Column keys (items or `derived.<key>`) shown in the history list, in order. */
  history: readonly string[];
  /** One line for lists and notifications. */
  summary?(record: RecordSnapshot, lang: Lang): string;
}
