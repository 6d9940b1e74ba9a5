import { z } from 'zod';
import { CCMQ_SUBSCALES } from '../clinical/ccmq-items';
import { idSchema, isoDateSchema } from './validators';

// The programme outcome report (docs/outcomes.md holds every definition and formula): the managed
// group against the pre-diabetes comparison group, computed by the database over live records.

export { OUTCOME_MIN_EVALUABLE, OUTCOME_MIN_EVENTS_FOR_PRECISION, OutcomePaths } from './outcome-rules';

/** `from`/`to` bound the baseline date, inclusive; a doctor may only name their own institution. */
export const outcomeQuery = z
  .object({
    institutionId: idSchema.optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    /** Which follow-up counts (docs/outcomes.md): intention to treat (default) or until end of management. */
    policy: z.enum(['intentionToTreat', 'untilEndOfManagement'], { message: '分析口径（policy）不正确' }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: '开始日期不能晚于结束日期', path: ['from'] });
export type OutcomeQuery = z.infer<typeof outcomeQuery>;

/** A share of a denominator; `proportion` is null when the denominator is 0. */
const share = z.object({ count: z.number().int(), proportion: z.number().nullable() });

/** A mean with its 95 % confidence interval (t distribution); null parts when n is too small. */
export const meanSchema = z.object({
  n: z.number().int(),
  mean: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});
export type OutcomeMean = z.infer<typeof meanSchema>;

/**
 * An estimate with its 95 % CI; null when not estimable (an empty group). `significant`: the interval
 * excludes the null value (1 for ratios, 0 for differences). `method` names a correction or an interval
 * method where it is not the default, e.g. 'haldaneAnscombe' for a ratio with a zero cell.
 */
export const estimateSchema = z
  .object({ value: z.number(), low: z.number(), high: z.number(), significant: z.boolean(), method: z.string().optional() })
  .nullable();
export type OutcomeEstimate = z.infer<typeof estimateSchema>;

const constitutionKeys = CCMQ_SUBSCALES.map((s) => s.key) as [string, ...string[]];
/** Patients whose constitution type is judged 是 or 基本是 (pinghe) per type. */
const constitutionCounts = z.record(z.enum(constitutionKeys), z.number().int());

export const outcomeGroupSchema = z.object({
  enrolled: z.number().int(),
  /** Enrolled with a pre-diabetes baseline (IFG, IGT, IFG+IGT or HbA1c 5.7–6.4 %): the outcome population. */
  prediabetesAtBaseline: z.number().int(),
  evaluable: z.number().int(),
  personYears: z.number(),
  /** Patients with a diabetic value that no second value, test or symptom confirmed: not an event. */
  unconfirmedDiabetic: z.number().int(),
  /** Glycaemic tests (FPG, OGTT, HbA1c) per person-year of follow-up: the group's ascertainment intensity. */
  testsPerPersonYear: z.number().nullable(),
  /** Table 1: what the group looked like at baseline (all enrolled with a baseline measurement). */
  baseline: z.object({
    withBaseline: z.number().int(),
    age: meanSchema,
    male: share,
    bmi: meanSchema,
    fpg: meanSchema,
    ogtt2h: meanSchema,
    hba1c: meanSchema,
  }),
  progressed: z.object({ count: z.number().int(), proportion: z.number().nullable(), per100PersonYears: z.number().nullable() }),
  reverted: share,
  weightChangePercent: meanSchema,
  weightLoss5: share,
  fpgChange: meanSchema,
  ogtt2hChange: meanSchema,
  hba1cChange: meanSchema,
  hba1cDrop02: share,
  /** Share of due follow-ups saved within their window; null when none was due. */
  followUpOnTime: z.number().nullable(),
  /** `n`: patients with a baseline and a later constitution assessment; both counts are over them. */
  constitution: z.object({ n: z.number().int(), baseline: constitutionCounts, latest: constitutionCounts }),
  /** Managed group only (annex 8 symptom-score bands); null for the comparison group. */
  symptomEfficacy: z
    .object({ cured: z.number().int(), marked: z.number().int(), effective: z.number().int(), ineffective: z.number().int() })
    .nullable(),
});
export type OutcomeGroup = z.infer<typeof outcomeGroupSchema>;

export const survivalPointSchema = z.object({ day: z.number().int(), survival: z.number(), atRisk: z.number().int() });
export type SurvivalPoint = z.infer<typeof survivalPointSchema>;

export const institutionRowSchema = z.object({
  enrolled: z.number().int(),
  baselineComplete: z.number().int(),
  followUpOnTime: z.number().nullable(),
  evaluable: z.number().int(),
  progressed: z.number().int(),
  reverted: z.number().int(),
});
export type OutcomeInstitutionRow = z.infer<typeof institutionRowSchema>;

/** The managed group against the comparison group, for one analysis. */
export const outcomeEffectSchema = z.object({
  progressionRiskRatio: estimateSchema,
  progressionRiskDifference: estimateSchema,
  reversionRiskRatio: estimateSchema,
  weightChangeDifference: estimateSchema,
  /** Cox proportional hazards, managed vs comparison (Breslow ties, Wald CI). */
  hazardRatio: estimateSchema,
  /** Log-rank test of the two survival curves; null when not computable. */
  logRankP: z.number().nullable(),
  /** Number needed to treat from the risk difference; null when not estimable (its interval crosses 0). */
  nnt: estimateSchema,
});
export type OutcomeEffect = z.infer<typeof outcomeEffectSchema>;

export const outcomeReport = z.object({
  /** The analysis policy the figures follow (see outcomeQuery.policy). */
  policy: z.enum(['intentionToTreat', 'untilEndOfManagement']),
  /** One or two sentences a bureau manager can quote, generated from the headline analysis. */
  headline: z.object({ zh: z.string(), en: z.string() }),
  groups: z.object({ managed: outcomeGroupSchema, comparison: outcomeGroupSchema }),
  diabeticComparison: z.object({
    enrolled: z.number().int(),
    followUpOnTime: z.number().nullable(),
    satisfactoryShare: z.number().nullable(),
  }),
  effect: outcomeEffectSchema,
  /**
   * Sensitivity analyses. `commonSchedule`: only measurements at the protocol's common schedule
   * (baseline, about every 90 days ± 30, the end evaluation) for both groups, so that the managed group's
   * more frequent tests cannot find diabetes sooner; the headline uses it.
   */
  sensitivity: z.object({
    commonSchedule: z.object({
      groups: z.object({ managed: outcomeGroupSchema, comparison: outcomeGroupSchema }),
      effect: outcomeEffectSchema,
    }),
  }),
  survival: z.object({ managed: z.array(survivalPointSchema), comparison: z.array(survivalPointSchema) }),
  byInstitution: z.array(
    z.object({ institutionId: z.number().int(), name: z.string(), managed: institutionRowSchema, comparison: institutionRowSchema }),
  ),
});
export type OutcomeReport = z.infer<typeof outcomeReport>;
