import { weightChangePercent } from './body-measures';
import { type GlycemicStatus, isPrediabetes } from './glycemic';
import { LIFESTYLE_TARGETS } from './programme';
import { type SymptomEfficacy, symptomEfficacy, symptomReductionRate } from './symptom-score';

/**
 * Annex 8, the end-of-management evaluation: where the patient's glucose regulation stands after
 * the management period compared with the diagnosis at enrolment (annex 1).
 */
export type ManagementOutcome = 'reverted' | 'prediabetes' | 'progressed';

export const MANAGEMENT_OUTCOME_LABELS: Record<ManagementOutcome, { zh: string; en: string }> = {
  reverted: { zh: '逆转为正常', en: 'Back to normal' },
  prediabetes: { zh: '仍为糖尿病前期', en: 'Still pre-diabetes' },
  progressed: { zh: '进展为糖尿病', en: 'Progressed to diabetes' },
};

/**
 * The outcome is meaningful only for someone who entered with pre-diabetes. When the baseline is
 * unknown (not recorded) the final status still tells the outcome; when the baseline was normal or
 * diabetes the three outcomes do not apply and the answer is null.
 */
export function managementOutcome(
  baseline: GlycemicStatus | null | undefined,
  final: GlycemicStatus | null | undefined,
): ManagementOutcome | null {
  if (!final) return null;
  if (baseline && !isPrediabetes(baseline)) return null;
  if (final === 'normal') return 'reverted';
  if (final === 'diabetes') return 'progressed';
  return 'prediabetes';
}

export interface EndEvaluationInput {
  baselineStatus?: GlycemicStatus | null;
  finalStatus?: GlycemicStatus | null;
  baselineWeightKg?: number | null;
  finalWeightKg?: number | null;
  baselineSymptomTotal?: number | null;
  finalSymptomTotal?: number | null;
}

export interface EndEvaluationResult {
  outcome: ManagementOutcome | null;
  /** Negative = weight lost. */
  weightChangePercent: number | null;
  /** Weight loss of at least the lifestyle target (7 %). */
  weightLossTargetMet: boolean | null;
  symptomReductionRate: number | null;
  symptomEfficacy: SymptomEfficacy | null;
}

export function evaluateEndOfManagement(input: EndEvaluationInput): EndEvaluationResult {
  const change = weightChangePercent(input.baselineWeightKg, input.finalWeightKg);
  const rate = symptomReductionRate(input.baselineSymptomTotal, input.finalSymptomTotal);
  return {
    outcome: managementOutcome(input.baselineStatus, input.finalStatus),
    weightChangePercent: change,
    weightLossTargetMet: change === null ? null : -change >= LIFESTYLE_TARGETS.weightLossPercent,
    symptomReductionRate: rate,
    symptomEfficacy: symptomEfficacy(rate),
  };
}
