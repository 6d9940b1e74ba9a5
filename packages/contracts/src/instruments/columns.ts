import type { DerivedColumn, InstrumentDefinition, Item, ItemType, Lang, LeafItem, LocalizedText, RecordSnapshot } from './types';
import { unitText } from './units';
import { allItems, isEmptyValue, isPlainObject } from './visibility';

/**
 * Columns for history lists, print views and Excel exports, and the display text of a value.
 * One column per item (a multiple choice is one column; a repeating group is one text column), one
 * per questionnaire question, then one per derived column of the definition.
 */

export interface ExportColumn {
  /** Unique within the instrument: item key, `item.question` or `derived.<key>`. */
  key: string;
  /** Chinese header (the exports are Chinese); `headerEn` for the English interface. */
  header: string;
  headerEn: string;
  type: ItemType | DerivedColumn['type'];
  unit?: string;
  /** Value codes and their labels, for the codebook sheet. */
  codes?: { value: string; label: string }[];
  source: 'data' | 'derived';
  /** Where the value sits inside `data` or `derived`. */
  path: readonly string[];
}

export type CellValue = string | number | null;

const BOOLEAN_LABELS: Record<Lang, [string, string]> = { zh: ['是', '否'], en: ['Yes', 'No'] };

function gradeLabel(option: { label: LocalizedText; score: number }, lang: Lang): string {
  return lang === 'zh' ? `${option.label.zh}（${option.score}分）` : `${option.label.en} (${option.score})`;
}

function itemCodes(item: Item): ExportColumn['codes'] {
  switch (item.type) {
    case 'single':
    case 'multiple':
      return item.options.map((option) => ({ value: option.value, label: option.label.zh }));
    case 'grade':
      return item.options.map((option) => ({ value: option.value, label: gradeLabel(option, 'zh') }));
    case 'boolean':
      return [
        { value: 'true', label: '是' },
        { value: 'false', label: '否' },
      ];
    default:
      return undefined;
  }
}

export function exportColumns(def: InstrumentDefinition): ExportColumn[] {
  const columns: ExportColumn[] = [];
  for (const item of allItems(def)) {
    if (item.type === 'likert') {
      const codes = item.options.map((option) => ({ value: String(option.value), label: option.label.zh }));
      item.questions.forEach((question, index) => {
        columns.push({
          key: `${item.key}.${question.key}`,
          header: `${item.label.zh}第${index + 1}题 ${question.label.zh}`,
          headerEn: `${item.label.en} Q${index + 1} ${question.label.en}`,
          type: 'number',
          codes,
          source: 'data',
          // Every slot of a question holds the same answer; the first one stands for it.
          path: [item.key, question.slots[0] ?? question.key],
        });
      });
      continue;
    }
    const codes = itemCodes(item);
    columns.push({
      key: item.key,
      header: item.label.zh,
      headerEn: item.label.en,
      type: item.type,
      ...(item.type === 'number' && item.unit ? { unit: item.unit } : {}),
      ...(codes ? { codes } : {}),
      source: 'data',
      path: [item.key],
    });
  }
  for (const column of def.derivedColumns ?? []) {
    columns.push({
      key: `derived.${column.key}`,
      header: column.label.zh,
      headerEn: column.label.en,
      type: column.type,
      ...(column.unit ? { unit: column.unit } : {}),
      ...(column.options ? { codes: column.options.map((option) => ({ value: option.value, label: option.label.zh })) } : {}),
      source: 'derived',
      path: column.key.split('.'),
    });
  }
  return columns;
}

/** The columns named in the definition's `history`, in that order. */
export function historyColumns(def: InstrumentDefinition): ExportColumn[] {
  const byKey = new Map(exportColumns(def).map((column) => [column.key, column]));
  return def.history.flatMap((key) => byKey.get(key) ?? []);
}

function optionLabel(options: readonly { value: string; label: LocalizedText }[], value: unknown, lang: Lang): string {
  return options.find((option) => option.value === value)?.label[lang] ?? String(value);
}

/** Display text of an item's value for print and history ('' when empty). */
export function formatValue(item: Item | LeafItem, value: unknown, lang: Lang = 'zh'): string {
  if (isEmptyValue(value)) return '';
  const separator = lang === 'zh' ? '、' : ', ';
  switch (item.type) {
    case 'number':
      return item.unit ? `${value} ${unitText(item.unit, lang)}` : String(value);
    case 'single':
      return optionLabel(item.options, value, lang);
    case 'grade': {
      const option = item.options.find((candidate) => candidate.value === value);
      return option ? gradeLabel(option, lang) : String(value);
    }
    case 'multiple':
      return Array.isArray(value) ? value.map((entry) => optionLabel(item.options, entry, lang)).join(separator) : String(value);
    case 'boolean':
      return value === true ? BOOLEAN_LABELS[lang][0] : BOOLEAN_LABELS[lang][1];
    case 'group': {
      if (!Array.isArray(value)) return '';
      const rows = value.map((row: unknown) => {
        if (!isPlainObject(row)) return '';
        return item.items
          .map((sub) => formatValue(sub, row[sub.key], lang))
          .filter((text) => text !== '')
          .join(' ');
      });
      return rows.filter((text) => text !== '').join(lang === 'zh' ? '；' : '; ');
    }
    case 'likert': {
      if (!isPlainObject(value)) return '';
      const answered = item.questions.filter((question) => question.slots.some((slot) => !isEmptyValue(value[slot]))).length;
      return lang === 'zh' ? `已答 ${answered}/${item.questions.length} 题` : `${answered}/${item.questions.length} answered`;
    }
    default:
      return String(value);
  }
}

/** Display text of a derived value. */
export function formatDerived(column: DerivedColumn, value: unknown, lang: Lang = 'zh'): string {
  if (isEmptyValue(value)) return '';
  if (column.type === 'boolean') return value === true ? BOOLEAN_LABELS[lang][0] : BOOLEAN_LABELS[lang][1];
  if (column.type === 'single' && column.options) return optionLabel(column.options, value, lang);
  if (column.type === 'number' && column.unit) return `${value} ${unitText(column.unit, lang)}`;
  return String(value);
}

function readPath(source: unknown, path: readonly string[]): unknown {
  let current = source;
  for (const key of path) {
    if (!isPlainObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

/**
 * A cell builder for one definition: `(record) => cells` in `exportColumns(def)` order. Columns, item
 * lookups and value readers are worked out once, so an export of 100,000 records does not rebuild
 * them per row (rebuilding them cost ~75 µs a row).
 */
export function exportCellsMapper(def: InstrumentDefinition, lang: Lang = 'zh'): (record: RecordSnapshot) => CellValue[] {
  const items = new Map(allItems(def).map((item) => [item.key, item]));
  const derivedColumns = new Map((def.derivedColumns ?? []).map((column) => [`derived.${column.key}`, { ...column, unit: undefined }]));
  const cells = exportColumns(def).map((column) => {
    const item = column.source === 'data' ? items.get(column.path[0] ?? '') : undefined;
    const derived = derivedColumns.get(column.key);
    const [key] = column.path;
    const read =
      column.path.length === 1 && key !== undefined
        ? (source: unknown) => (isPlainObject(source) ? source[key] : undefined)
        : (source: unknown) => readPath(source, column.path);
    const format =
      column.source === 'derived'
        ? (value: unknown) => (derived ? formatDerived(derived, value, lang) : String(value))
        : (value: unknown) => (item ? formatValue(item, value, lang) : String(value));
    return { fromData: column.source === 'data', read, format };
  });
  return (record) => {
    const row: CellValue[] = new Array(cells.length);
    for (let i = 0; i < cells.length; i += 1) {
      const cell = cells[i] as (typeof cells)[number];
      const value = cell.read(cell.fromData ? record.data : record.derived);
      row[i] = isEmptyValue(value) ? null : typeof value === 'number' ? value : cell.format(value);
    }
    return row;
  };
}

/** Like `exportCellsMapper`, keyed by column key. */
export function exportRowMapper(def: InstrumentDefinition, lang: Lang = 'zh'): (record: RecordSnapshot) => Record<string, CellValue> {
  const keys = exportColumns(def).map((column) => column.key);
  const cells = exportCellsMapper(def, lang);
  return (record) => {
    const values = cells(record);
    return Object.fromEntries(keys.map((key, i) => [key, values[i] ?? null]));
  };
}

/** One spreadsheet row: numbers stay numbers, everything else is its display text. */
export function exportRow(def: InstrumentDefinition, record: RecordSnapshot, lang: Lang = 'zh'): Record<string, CellValue> {
  return exportRowMapper(def, lang)(record);
}
