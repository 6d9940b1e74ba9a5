import { annexRecordSheet } from '../record-sheet';
import type { ExportDefinition } from '../sheet';

/** /api/annex7Patient/exportExcel: every live follow-up (annex 7) of both groups, one row each. */
export const annex7Export: ExportDefinition = {
  key: 'annex7',
  summary: 'Every annex 7 follow-up, one row each, with the patient columns; the range bounds the visit date',
  sheets: (ctx, scope) => [annexRecordSheet(ctx, scope, '7', '随访记录')],
};
