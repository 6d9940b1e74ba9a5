import { singlePage } from './paging';
import type { AnySheet, ColumnType, SheetColumn, SheetSpec } from './sheet';

export const CODEBOOK_SHEET = 'codebook';

const TYPE_LABELS: Record<ColumnType, string> = {
  number: '数值',
  text: '文本',
  date: '日期',
  single: '单选（填写选项标签）',
  multiple: '多选（选项标签以“、”分隔）',
  grade: '分级（填写等级标签）',
  boolean: '是/否',
  group: '重复项（文本）',
  likert: '量表',
  mark: '标记（✓ 表示已填写）',
};

interface CodebookEntry {
  key: string;
  header: string;
  type: ColumnType;
  unit: string | undefined;
  codes: string;
}

const entryColumns: SheetColumn<CodebookEntry>[] = [
  { key: 'column', header: '列', type: 'text', value: (e) => e.key },
  { key: 'label', header: '标签', type: 'text', value: (e) => e.header },
  { key: 'type', header: '类型', type: 'text', value: (e) => TYPE_LABELS[e.type] },
  { key: 'unit', header: '单位', type: 'text', value: (e) => e.unit ?? null },
  { key: 'codes', header: '编码', type: 'text', value: (e) => e.codes || null },
];

/**
 * The codebook sheet: one line per variable of the export (column key, Chinese header, type, unit and
 * the value codes with their labels). A variable shared by several sheets (patient columns, an annex's
 * items in the summary and in its own sheet) is listed once, where it first appears.
 */
export function codebookSheet(sheets: readonly AnySheet[]): SheetSpec<CodebookEntry> {
  const seen = new Set<string>();
  const entries: CodebookEntry[] = [];
  for (const sheet of sheets) {
    for (const column of sheet.columns) {
      if (seen.has(column.key)) continue;
      seen.add(column.key);
      entries.push({
        key: column.key,
        header: column.header,
        type: column.type,
        unit: column.unit,
        codes: (column.codes ?? []).map((code) => `${code.value}=${code.label}`).join('；'),
      });
    }
  }
  return { name: CODEBOOK_SHEET, columns: entryColumns, pages: () => singlePage(entries) };
}
