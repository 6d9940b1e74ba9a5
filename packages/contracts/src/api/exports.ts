import { z } from 'zod';
import { isIsoDate } from '../instruments/dates';
import { bodyIdSchema, EARLIEST_DATE, queryInteger, textSchema } from './validators';

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

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An optional calendar day; an empty parameter (`from=`) counts as absent, as forms send it. */
const optionalDay = (label: string) =>
  textSchema()
    .trim()
    .refine((value) => value === '' || isIsoDate(value), { message: `${label}应为有效日期，格式 YYYY-MM-DD（如 2026-03-01）` })
    .refine((value) => value === '' || value >= EARLIEST_DATE, { message: `${label}不能早于 ${EARLIEST_DATE}` })
    .transform((value) => (value === '' ? undefined : value))
    .optional()
    .meta({ description: `${label}: YYYY-MM-DD, inclusive`, example: '2026-03-01' });

const INSTITUTION_ID_MESSAGE = '机构编号（institutionId）必须是正整数';

/**
 * Filters every export takes. `institutionId`: the admin exports one institution or, without it, all;
 * a doctor always exports their own (naming another is refused). `from`/`to` bound the rows' clinical
 * date (record date, issue date, enrolment or end date), both days included.
 */
export const exportQuery = z
  .object({
    institutionId: queryInteger(bodyIdSchema, () => INSTITUTION_ID_MESSAGE)
      .optional()
      .meta({ description: 'admin: one institution (all without it); doctor: only their own' }),
    from: optionalDay('开始日期（from）'),
    to: optionalDay('结束日期（to）'),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: '开始日期不能晚于结束日期',
    path: ['from'],
  });

export type ExportQuery = z.infer<typeof exportQuery>;
