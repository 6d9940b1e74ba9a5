import { annex1 } from './annex1';
import { annex2 } from './annex2';
import { annex3 } from './annex3';
import { annex4 } from './annex4';
import { annex5 } from './annex5';
import { annex6 } from './annex6';
import { annex7 } from './annex7';
import { annex8 } from './annex8';
import { annex9 } from './annex9';
import { custom } from './custom';
import type { AnnexKey, InstrumentDefinition } from './types';

export { annex1 } from './annex1';
export { annex2 } from './annex2';
export { annex3, CCMQ_ITEM, CCMQ_JUDGEMENT_LABELS } from './annex3';
export { annex4 } from './annex4';
export { annex5 } from './annex5';
export { annex6 } from './annex6';
export { annex7, defaultNextVisitDate } from './annex7';
export { annex8 } from './annex8';
export { annex9 } from './annex9';
export {
  type CellValue,
  type ExportColumn,
  exportCellsMapper,
  exportColumns,
  exportRow,
  exportRowMapper,
  formatDerived,
  formatValue,
  historyColumns,
} from './columns';
export { custom } from './custom';
export { addDays, daysBetween, isIsoDate } from './dates';
export { checkRecord, initialRow, initialValues, previewDerived, suggestedValues, type ValidationResult, validateRecord } from './engine';
export { confirmedStatus, diabetesEventDate, hasClassicSymptoms, nextContactBy } from './glycemic-derived';
export { softRangeWarning, softRangeWarnings } from './soft-range';
export * from './types';
export { allItems, isEmptyValue, matchesShowWhen, visibleItems, visibleRowItems } from './visibility';

/** Every instrument by annex key: the one registry the server, forms and exports look up. */
export const INSTRUMENTS: Readonly<Record<AnnexKey, InstrumentDefinition>> = Object.freeze({
  '1': annex1,
  '2': annex2,
  '3': annex3,
  '4': annex4,
  '5': annex5,
  '6': annex6,
  '7': annex7,
  '8': annex8,
  '9': annex9,
  custom,
});

export const ANNEX_KEYS: readonly AnnexKey[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'custom'];

export function isAnnexKey(value: unknown): value is AnnexKey {
  return typeof value === 'string' && (ANNEX_KEYS as readonly string[]).includes(value);
}

/** The definition of an annex; undefined for an unknown key (e.g. from a URL). */
export function getInstrument(key: string): InstrumentDefinition | undefined {
  return isAnnexKey(key) ? INSTRUMENTS[key] : undefined;
}
