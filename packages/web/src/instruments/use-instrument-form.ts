import { previewDerived } from '@tcm/contracts/instruments/engine';
import type { InstrumentContext, InstrumentDefinition, ItemError, LikertQuestion, RecordData } from '@tcm/contracts/instruments/types';
import { useCallback, useMemo, useReducer } from 'react';
import { type FormState, formReducer, initialFormState, submitCheck } from './form-state';

export interface InstrumentFormApi {
  def: InstrumentDefinition;
  context: InstrumentContext;
  state: FormState;
  /** Live derived values of what is valid so far (BMI, status, scores…); the server's are authoritative. */
  derived: Record<string, unknown>;
  setValue: (key: string, value: unknown) => void;
  setRowValue: (group: string, row: number, key: string, value: unknown) => void;
  addRow: (group: string) => void;
  removeRow: (group: string, row: number) => void;
  answer: (item: string, question: LikertQuestion, value: number) => void;
  showErrors: (errors: ItemError[]) => void;
  reset: (values?: RecordData) => void;
  /** Runs the engine; on failure shows every error on its item and answers null. */
  check: () => RecordData | null;
}

/** The headless instrument form: state, engine validation, live derived values and suggestions. */
export function useInstrumentForm(def: InstrumentDefinition, context: InstrumentContext, saved?: RecordData): InstrumentFormApi {
  const reducer = useMemo(() => formReducer(def, context), [def, context]);
  const [state, dispatch] = useReducer(reducer, undefined, () => initialFormState(def, context, saved));
  const derived = useMemo(() => previewDerived(def, state.values, context), [def, state.values, context]);

  const setValue = useCallback((key: string, value: unknown) => dispatch({ type: 'set', key, value }), []);
  const setRowValue = useCallback(
    (group: string, row: number, key: string, value: unknown) => dispatch({ type: 'setRow', group, row, key, value }),
    [],
  );
  const addRow = useCallback((group: string) => dispatch({ type: 'addRow', group }), []);
  const removeRow = useCallback((group: string, row: number) => dispatch({ type: 'removeRow', group, row }), []);
  const answer = useCallback(
    (item: string, question: LikertQuestion, value: number) => dispatch({ type: 'answer', item, question, value }),
    [],
  );
  const showErrors = useCallback((errors: ItemError[]) => dispatch({ type: 'errors', errors }), []);
  const reset = useCallback((values?: RecordData) => dispatch({ type: 'reset', values }), []);
  const check = () => {
    const result = submitCheck(def, context, state.values);
    if (result.ok) return result.data;
    dispatch({ type: 'errors', errors: result.errors });
    return null;
  };

  return { def, context, state, derived, setValue, setRowValue, addRow, removeRow, answer, showErrors, reset, check };
}
