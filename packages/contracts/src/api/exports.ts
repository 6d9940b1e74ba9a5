import { z } from 'zod';
import { isIsoDate } from '../instruments/dates';
import { bodyIdSchema, EARLIEST_DATE, queryInteger, textSchema } from './validators';

export { EXPORT_KEYS, EXPORT_NAMES, EXPORT_PROGRESS_PATH, type ExportKey, type ExportName, ExportPaths } from './export-paths';

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

/** An on/off option of an export: `true` or `false` (absent is off). */
const exportFlag = (name: string, description: string) =>
  z
    .enum(['true', 'false'], { message: `${name}应为 true 或 false` })
    .optional()
    .transform((value) => value === 'true')
    .meta({ description });

const progressIdSchema = z
  .string({ message: '进度编号（progressId）应为 8–64 位字母、数字或连字符' })
  .regex(/^[A-Za-z0-9-]{8,64}$/, { message: '进度编号（progressId）应为 8–64 位字母、数字或连字符' });

/** GET /api/export/progress: rows written so far, and whether the export has ended. */
export const exportProgressQuery = z.object({ progressId: progressIdSchema });
export const exportProgressResult = z.object({
  /** Data rows written so far (the codebook left out); 0 before the first page, or for an unknown id. */
  rows: z.number().int(),
  done: z.boolean(),
  /** false: no export of the caller's with that id is running or ended in the last minutes. */
  known: z.boolean(),
});
export type ExportProgress = z.infer<typeof exportProgressResult>;

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
    deidentify: exportFlag(
      '去标识化（deidentify）',
      'true: no name, ID number, mobile or birth date (age stays); patients carry a pseudonymous key, new for each export and recorded in the audit log',
    ),
    coded: exportFlag('数值编码（coded）', 'true: coded answers as numbers (1, 2, …), as the codebook sheet lists them'),
    progressId: progressIdSchema
      .optional()
      .meta({ description: 'a name the client chooses, to read the rows written so far at GET /api/export/progress' }),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: '开始日期不能晚于结束日期',
    path: ['from'],
  });

export type ExportQuery = z.infer<typeof exportQuery>;
