import { z } from 'zod';
import { PERIOD_PATTERN } from '../clinical/indicator-periods';
import { INDICATOR_KEYS, PATIENT_GAP_KEYS } from '../clinical/indicators';
import { paged, pageQuery } from './envelope';
import { idSchema } from './validators';

/**
 * The management quality indicators (考核指标, docs/indicators.md): figures per period, per doctor,
 * per institution and for the city, each with the patients behind it, and the admin's targets.
 */
export { IndicatorPaths } from './indicator-paths';

export const indicatorKeySchema = z.enum(INDICATOR_KEYS, { message: '指标（key）不正确' });
export const periodSchema = z
  .string({ message: '请选择统计期' })
  .regex(PERIOD_PATTERN, { message: '统计期格式应为 2026、2026-Q3 或 2026-07' })
  .refine((key) => Number(key.slice(0, 4)) >= 2000 && Number(key.slice(0, 4)) <= 2100, { message: '统计期年份应在 2000 到 2100 之间' });

/** Scope: a doctor gets their institution (naming another answers 403) and may filter to the patients they enrolled. */
export const indicatorQuery = z.object({
  period: periodSchema,
  institutionId: idSchema.optional(),
  doctorId: idSchema.optional(),
});
export type IndicatorQuery = z.infer<typeof indicatorQuery>;

export const indicatorPatientsQuery = indicatorQuery.extend({
  key: indicatorKeySchema,
  in: z.enum(['numerator', 'denominator', 'gap'], { message: '名单（in）应为 numerator、denominator 或 gap' }),
  ...pageQuery.shape,
});
export type IndicatorPatientsQuery = z.infer<typeof indicatorPatientsQuery>;

const groupCounts = z.object({ numerator: z.number().int(), denominator: z.number().int() });

export const indicatorFigureSchema = z.object({
  key: indicatorKeySchema,
  label: z.string(),
  numerator: z.number().int(),
  denominator: z.number().int(),
  /** Percent, one decimal; null when the denominator is 0. */
  rate: z.number().nullable(),
  /** The admin's target in percent, when one is set. */
  target: z.number().optional(),
  /** Whether the rate meets the target (in the indicator's better direction); absent without target or rate. */
  met: z.boolean().optional(),
  byGroup: z.object({ managed: groupCounts, comparison: groupCounts, diabetic: groupCounts }).optional(),
});
export type IndicatorFigure = z.infer<typeof indicatorFigureSchema>;

const rowFigure = z.object({
  key: indicatorKeySchema,
  numerator: z.number().int(),
  denominator: z.number().int(),
  rate: z.number().nullable(),
});

export const indicatorRowSchema = z.object({ id: z.number().int(), name: z.string(), indicators: z.array(rowFigure) });
export type IndicatorRow = z.infer<typeof indicatorRowSchema>;

export const indicatorReport = z.object({
  period: z.object({ key: z.string(), kind: z.enum(['year', 'quarter', 'month']), start: z.string(), end: z.string() }),
  scope: z.object({
    level: z.enum(['city', 'institution', 'doctor']),
    institutionId: z.number().int().nullable(),
    doctorId: z.number().int().nullable(),
  }),
  indicators: z.array(indicatorFigureSchema),
  byInstitution: z.array(indicatorRowSchema).optional(),
  byDoctor: z.array(indicatorRowSchema).optional(),
  /** The 12 periods of the same kind ending with this one, oldest first: each indicator's rate. */
  trend: z.array(z.object({ period: z.string(), rates: z.record(z.string(), z.number().nullable()) })),
});
export type IndicatorReport = z.infer<typeof indicatorReport>;

export const indicatorPatientItem = z.object({
  id: z.number().int(),
  name: z.string(),
  cohort: z.enum(['managed', 'comparison']),
  comparisonRole: z.number().int().nullable(),
  institutionId: z.number().int(),
  enrolledAt: z.string(),
  /** How many units of the figure this patient carries (follow-ups, alerts, contacts; 1 for patient figures). */
  count: z.number().int(),
});
export type IndicatorPatientItem = z.infer<typeof indicatorPatientItem>;
export const indicatorPatientsResult = paged(indicatorPatientItem).extend({
  /** The sum of `count` over the whole list: the figure itself. */
  units: z.number().int(),
});
export type IndicatorPatientsResult = z.infer<typeof indicatorPatientsResult>;

export const indicatorTargetSchema = z.object({ key: indicatorKeySchema, target: z.number() });
export const indicatorTargets = z.object({ list: z.array(indicatorTargetSchema) });
export type IndicatorTargets = z.infer<typeof indicatorTargets>;
export const setIndicatorTargetBody = z
  .object({
    key: indicatorKeySchema,
    /** Percent 0-100, or null to remove the target. */
    target: z
      .number({ message: '目标值应为 0 到 100 之间的数' })
      .min(0, { message: '目标值应为 0 到 100 之间的数' })
      .max(100, { message: '目标值应为 0 到 100 之间的数' })
      .nullable(),
  })
  .strict();
export type SetIndicatorTargetBody = z.infer<typeof setIndicatorTargetBody>;

export const patientGapsQuery = z.object({ patientId: idSchema });
export const patientGapsResult = z.object({
  list: z.array(
    z.object({
      key: z.enum(PATIENT_GAP_KEYS),
      indicator: indicatorKeySchema,
      label: z.string(),
      since: z.string().nullable(),
    }),
  ),
});
export type PatientGapsResult = z.infer<typeof patientGapsResult>;
