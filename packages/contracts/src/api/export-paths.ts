// The exports' paths and names, with no schema library, so that the export button every screen header
// shows does not bring zod along (exports.ts re-exports them beside the query schema).

/**
 * The seven Excel exports of the specification (§7), each a GET under /prod-api answering an .xlsx
 * file (no envelope) or, when refused before any byte is written, the usual JSON envelope.
 */
export const ExportPaths = {
  annex7: '/api/annex7Patient/exportExcel',
  annex1To9: '/api/annex/exportAnnex1ToAnnex9',
  registerFillIn: '/api/user/exportRegisterPatientIsFillIn',
  prescriptions: '/prescription/exportPrescription',
  stopComparativeDiabetes: '/api/annex/exportStopManageComparativeDiabetes',
  stopComparativePreDiabetes: '/api/annex/exportStopManageComparativePreSugar',
  stopManaged: '/api/annex/exportStopManageUserPreSugar',
} as const;

/**
 * GET ?progressId=: the rows an export the caller started with that `progressId` has written so far
 * (the export dialog polls it while the file streams in). Not one of the seven exports.
 */
export const EXPORT_PROGRESS_PATH = '/api/export/progress';

export type ExportKey = keyof typeof ExportPaths;
export const EXPORT_KEYS = Object.keys(ExportPaths) as ExportKey[];

export interface ExportName {
  /** The file name users see (Content-Disposition filename*), followed by _YYYYMMDD.xlsx. */
  zh: string;
  en: string;
  /** ASCII stem for the plain `filename` fallback of clients that ignore filename*. */
  fileStem: string;
}

export const EXPORT_NAMES: Record<ExportKey, ExportName> = {
  annex7: { zh: '随访记录', en: 'Follow-up records', fileStem: 'follow-up-records' },
  annex1To9: { zh: '附件1至附件9汇总', en: 'Annexes 1 to 9', fileStem: 'annex1-9' },
  registerFillIn: { zh: '管理组患者填报情况', en: 'Managed patients: instruments filled', fileStem: 'managed-fill-in' },
  prescriptions: { zh: '健康处方', en: 'Health prescriptions', fileStem: 'prescriptions' },
  stopComparativeDiabetes: {
    zh: '对照组糖尿病患者结束管理',
    en: 'Comparison group (diabetes): ended',
    fileStem: 'ended-comparison-diabetes',
  },
  stopComparativePreDiabetes: {
    zh: '对照组糖尿病前期患者结束管理',
    en: 'Comparison group (pre-diabetes): ended',
    fileStem: 'ended-comparison-prediabetes',
  },
  stopManaged: { zh: '管理组结束管理患者', en: 'Managed group: ended', fileStem: 'ended-managed' },
};
