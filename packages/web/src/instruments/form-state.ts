import { checkRecord, initialRow, initialValues, suggestedValues } from '@tcm/contracts/instruments/engine';
import type { InstrumentContext, InstrumentDefinition, ItemError, LikertQuestion, RecordData } from '@tcm/contracts/instruments/types';
import { allItems, isEmptyValue } from '@tcm/contracts/instruments/visibility';

/**
 * The headless state of an instrument form as a pure reducer: values, item errors, which values the
 * definition proposed (and may still update), and whether anything changed since it was opened.
 * Knows nothing of any one annex; everything comes from the definition and the engine.
 */
export interface FormState {
  values: RecordData;
  /** Error message by error key (`item`, `group.row.sub`, `likert.question`). */
  errors: Record<string, string>;
  /** Items holding a value the definition suggested, not one the user typed. */
  suggested: string[];
  isDirty: boolean;
}

export type FormAction =
  | { type: 'set'; key: string; value: unknown }
  | { type: 'setRow'; group: string; row: number; key: string; value: unknown }
  | { type: 'addRow'; group: string }
  | { type: 'removeRow'; group: string; row: number }
  | { type: 'answer'; item: string; question: LikertQuestion; value: number }
  | { type: 'errors'; errors: ItemError[] }
  | { type: 'reset'; values?: RecordData };

/** A blank form, or a saved record's answers over the blank form's shape (lists stay lists). */
export function startValues(def: InstrumentDefinition, saved?: RecordData): RecordData {
  return { ...initialValues(def), ...(saved ?? {}) };
}

/**
 * A new record's first values: the blank form dated today (the clinic's day the form is filled in,
 * which the doctor changes for a back-dated paper form). Not counted as a change, like a suggestion.
 */
export function newRecordValues(def: InstrumentDefinition, context: InstrumentContext): RecordData {
  return { ...startValues(def), [def.dateItem]: context.today };
}

export function initialFormState(def: InstrumentDefinition, context: InstrumentContext, saved?: RecordData): FormState {
  const values = saved ? startValues(def, saved) : newRecordValues(def, context);
  const state: FormState = { values, errors: {}, suggested: [], isDirty: false };
  return saved ? state : withSuggestions(def, context, state);
}

/**
 * Fills empty items with the definition's proposals (e.g. next visit = visit + 15 days). A value that
 * was only proposed follows its inputs when they change; one the user typed is left alone.
 */
export function withSuggestions(def: InstrumentDefinition, context: InstrumentContext, state: FormState): FormState {
  const base = { ...state.values };
  for (const key of state.suggested) delete base[key];
  const proposals = suggestedValues(def, base, context);
  const suggested = Object.keys(proposals).filter((key) => !isEmptyValue(proposals[key]));
  const stale = state.suggested.filter((key) => !suggested.includes(key));
  if (suggested.length === 0 && stale.length === 0) return state;
  const values = { ...base, ...Object.fromEntries(suggested.map((key) => [key, proposals[key]])) };
  return { ...state, values, suggested };
}

/** Error keys an edit of `prefix` makes obsolete: the item itself and everything inside it. */
function clearErrors(errors: Record<string, string>, prefix: string): Record<string, string> {
  const next: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    if (key !== prefix && !key.startsWith(`${prefix}.`)) next[key] = message;
  }
  return next;
}

function rowsOf(values: RecordData, group: string): RecordData[] {
  const rows = values[group];
  return Array.isArray(rows) ? (rows as RecordData[]) : [];
}

export function formReducer(def: InstrumentDefinition, context: InstrumentContext) {
  return (state: FormState, action: FormAction): FormState => {
    switch (action.type) {
      case 'set': {
        const next: FormState = {
          values: { ...state.values, [action.key]: action.value },
          errors: clearErrors(state.errors, action.key),
          suggested: state.suggested.filter((key) => key !== action.key),
          isDirty: true,
        };
        return withSuggestions(def, context, next);
      }
      case 'setRow': {
        const rows = rowsOf(state.values, action.group).map((row, index) =>
          index === action.row ? { ...row, [action.key]: action.value } : row,
        );
        return {
          ...state,
          values: { ...state.values, [action.group]: rows },
          errors: clearErrors(clearErrors(state.errors, `${action.group}.${action.row}.${action.key}`), action.group),
          isDirty: true,
        };
      }
      case 'addRow': {
        const group = allItems(def).find((item) => item.key === action.group);
        if (group?.type !== 'group') return state;
        const rows = rowsOf(state.values, action.group);
        if (rows.length >= group.maxRows) return state;
        return { ...state, values: { ...state.values, [action.group]: [...rows, initialRow(group)] }, isDirty: true };
      }
      case 'removeRow': {
        const rows = rowsOf(state.values, action.group).filter((_, index) => index !== action.row);
        // Row indexes shift, so the group's row errors no longer point at the right rows.
        return {
          ...state,
          values: { ...state.values, [action.group]: rows },
          errors: clearErrors(state.errors, action.group),
          isDirty: true,
        };
      }
      case 'answer': {
        const current = state.values[action.item];
        const answers = { ...(typeof current === 'object' && current !== null ? (current as RecordData) : {}) };
        // A question shared by two sub-scales is asked once and fills both slots.
        for (const slot of action.question.slots) answers[slot] = action.value;
        const errors = clearErrors(state.errors, `${action.item}.${action.question.key}`);
        for (const slot of action.question.slots) delete errors[`${action.item}.${slot}`];
        delete errors[action.item];
        return { ...state, values: { ...state.values, [action.item]: answers }, errors, isDirty: true };
      }
      case 'errors':
        return { ...state, errors: errorMap(action.errors) };
      case 'reset':
        return withSuggestions(def, context, {
          values: action.values ? startValues(def, action.values) : newRecordValues(def, context),
          errors: {},
          suggested: [],
          isDirty: false,
        });
    }
  };
}

export function errorMap(errors: readonly ItemError[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const error of errors) if (!(error.item in map)) map[error.item] = error.message;
  return map;
}

/** The engine's verdict on submit: the cleaned payload, or the errors to show on their items. */
export function submitCheck(
  def: InstrumentDefinition,
  context: InstrumentContext,
  values: RecordData,
): { ok: true; data: RecordData } | { ok: false; errors: ItemError[] } {
  const { data, errors } = checkRecord(def, values, context);
  return errors.length === 0 ? { ok: true, data } : { ok: false, errors };
}

/** The error shown for one likert question: on the question key, else on any of its slots. */
export function questionError(errors: Record<string, string>, item: string, question: LikertQuestion): string | undefined {
  return errors[`${item}.${question.key}`] ?? question.slots.map((slot) => errors[`${item}.${slot}`]).find(Boolean);
}
