import { weightChangePercent } from './body-measures';
import { type GlucoseMeasurement, statusWithHistory } from './diabetes-confirmation';
import {
  classifyFollowUpGlycemia,
  type FollowUpGlycemicStatus,
  type GlycemicStatus,
  type GlycemicValues,
  involvesIgt,
  isPrediabetes,
} from './glycemic';
import {
  type BaselineMeasure,
  baselineAbnormalMeasures,
  isPrediabetesBaseline,
  type PrediabetesBaselineFacts,
} from './prediabetes-baseline';
import { LIFESTYLE_TARGETS } from './programme';
import { judgeReversal, type Reversal } from './reversal';
import { type SymptomEfficacy, symptomEfficacy, symptomReductionRate } from './symptom-score';

/**
 * Annex 8, the end-of-management evaluation: where the patient's glucose regulation stands after
 * the management period compared with the diagnosis at enrolment (annex 1).
 */
/**
 * `repeatOgtt`: the baseline involved IGT and the final measurement has no 2-hour value, so a reversal
 * cannot be declared (IGT is only excluded by a 2h-PG); the OGTT has to be repeated.
 */
/**
 * `suspectedProgression`: one diabetic-range value not yet confirmed on another day, so progression
 * cannot be declared; `hypoglycaemia`: a final glucose ≤ 3.9 mmol/L, which is a danger value, never a
 * return to normal.
 */
/**
 * `notJudged`: the final measurement lacks a measure that was abnormal at baseline (an elevated HbA1c
 * needs an HbA1c, IFG an FPG), or the baseline is unknown, so a return to normal cannot be declared.
 */
export type ManagementOutcome =
  | 'reverted'
  | 'prediabetes'
  | 'progressed'
  | 'suspectedProgression'
  | 'hypoglycaemia'
  | 'repeatOgtt'
  | 'notJudged';

export const MANAGEMENT_OUTCOME_LABELS: Record<ManagementOutcome, { zh: string; en: string }> = {
  reverted: { zh: '逆转为正常', en: 'Back to normal' },
  prediabetes: { zh: '仍为糖尿病前期', en: 'Still pre-diabetes' },
  progressed: { zh: '进展为糖尿病', en: 'Progressed to diabetes' },
  suspectedProgression: { zh: '疑似进展为糖尿病，需复查确诊', en: 'Possible progression to diabetes: repeat the test to confirm' },
  hypoglycaemia: { zh: '低血糖，无法判定转归（请先处理低血糖并复查）', en: 'Hypoglycaemia: no outcome until it is treated and rechecked' },
  repeatOgtt: { zh: '无法判定，需复查OGTT（基线有糖耐量减低）', en: 'Cannot be judged: repeat the OGTT (the baseline had IGT)' },
  notJudged: {
    zh: '无法判定转归（基线异常的指标未复测，或基线未知）',
    en: 'Cannot be judged: a measure abnormal at baseline was not repeated, or the baseline is unknown',
  },
};

/** The baseline-abnormal measures known from a status alone (when no baseline values are at hand). */
function measuresOfStatus(status: GlycemicStatus | null | undefined, involvedIgt: boolean): BaselineMeasure[] {
  const measures: BaselineMeasure[] = [];
  if (status === 'IFG' || status === 'IFG+IGT') measures.push('fpg');
  if (involvedIgt || status === 'IGT' || status === 'IFG+IGT') measures.push('ogtt2h');
  if (status === 'elevatedHbA1c') measures.push('hba1c');
  return measures;
}

/**
 * The outcome is meaningful only for someone who entered with pre-diabetes (IFG, IGT, both, or an
 * HbA1c of 5.7–6.4 %); when the baseline was normal or diabetes the outcomes do not apply (null). A
 * final `elevatedHbA1c` is still pre-diabetes; a final `repeatOgtt` (see classifyFollowUpGlycemia) is
 * the outcome `repeatOgtt`. A return to normal needs the reversal rule (reversal.ts): every
 * baseline-abnormal measure re-measured and normal; without it (`reversal` absent) only a known
 * pre-diabetes baseline with a normal final status reverts. An unknown baseline never reverts.
 */
export function managementOutcome(
  baseline: GlycemicStatus | null | undefined,
  final: FollowUpGlycemicStatus | null | undefined,
  reversal?: Reversal,
): ManagementOutcome | null {
  if (baseline && !isPrediabetes(baseline)) return null;
  if (final === 'diabetes') return 'progressed';
  if (final === 'diabetesUnconfirmed') return 'suspectedProgression';
  if (final === 'hypoglycaemia') return 'hypoglycaemia';
  if (final === 'repeatOgtt') return 'repeatOgtt';
  if (final && final !== 'normal') return 'prediabetes';
  const judged = reversal ?? (final === 'normal' ? { verdict: baseline ? 'reverted' : 'notJudged', missing: [] } : null);
  if (!judged) return null;
  if (judged.verdict === 'reverted') return 'reverted';
  if (judged.verdict === 'notReverted') return 'prediabetes';
  return judged.missing.includes('ogtt2h') ? 'repeatOgtt' : 'notJudged';
}

export interface EndEvaluationInput {
  baselineStatus?: GlycemicStatus | null;
  /**
   * Whether the baseline involved IGT; defaults to the baseline status being IGT or IFG+IGT. Pass true
   * as well when the doctor's baseline diagnosis says IGT without a 2-hour value on record.
   */
  baselineInvolvedIgt?: boolean;
  /**
   * The baseline annex 1's values and Western diagnosis: which measures were abnormal and must be
   * re-measured (prediabetes-baseline.ts). Without it they follow from the baseline status.
   */
  baseline?: PrediabetesBaselineFacts;
  /** The final measurement; its status is worked out here so the IGT rule cannot be bypassed. */
  finalValues?: GlycemicValues;
  /** The final measurement's date and the earlier measurements, which can confirm a diabetic value. */
  finalDate?: string;
  history?: readonly GlucoseMeasurement[];
  baselineWeightKg?: number | null;
  finalWeightKg?: number | null;
  baselineSymptomTotal?: number | null;
  finalSymptomTotal?: number | null;
}

export interface EndEvaluationResult {
  finalStatus: FollowUpGlycemicStatus | null;
  outcome: ManagementOutcome | null;
  /** Negative = weight lost. */
  weightChangePercent: number | null;
  /** Weight loss of at least the lifestyle target (7 %). */
  weightLossTargetMet: boolean | null;
  symptomReductionRate: number | null;
  symptomEfficacy: SymptomEfficacy | null;
}

/**
 * The baseline status the outcome is read against: with the baseline record at hand, the shared
 * pre-diabetes rule decides (values or the doctor's diagnosis); otherwise the status, where an IGT
 * known only from the diagnosis still makes a pre-diabetes baseline.
 */
function outcomeBaseline(input: EndEvaluationInput, baselineInvolvedIgt: boolean): GlycemicStatus | null | undefined {
  const facts = input.baseline;
  if (facts?.values) {
    if (!isPrediabetesBaseline(facts)) return input.baselineStatus ?? 'normal';
    if (isPrediabetes(input.baselineStatus)) return input.baselineStatus;
    return facts.westernDiagnosis === 'IGT' || facts.westernDiagnosis === 'IFG+IGT' ? 'IGT' : 'IFG';
  }
  return baselineInvolvedIgt && input.baselineStatus === 'normal' ? 'IGT' : input.baselineStatus;
}

export function evaluateEndOfManagement(input: EndEvaluationInput): EndEvaluationResult {
  const change = weightChangePercent(input.baselineWeightKg, input.finalWeightKg);
  const rate = symptomReductionRate(input.baselineSymptomTotal, input.finalSymptomTotal);
  const baselineInvolvedIgt = input.baselineInvolvedIgt ?? involvesIgt(input.baselineStatus);
  const ownStatus = input.finalValues ? classifyFollowUpGlycemia(input.finalValues, baselineInvolvedIgt) : null;
  const finalStatus =
    ownStatus === 'diabetesUnconfirmed' && input.finalValues && input.finalDate
      ? statusWithHistory({ ...input.finalValues, date: input.finalDate }, input.history)
      : ownStatus;
  // A baseline IGT known only from the doctor's diagnosis (values alone read normal) is still a
  // pre-diabetes baseline, so the outcome applies.
  const baseline = outcomeBaseline(input, baselineInvolvedIgt);
  const abnormal = input.baseline?.values
    ? baselineAbnormalMeasures(input.baseline)
    : measuresOfStatus(input.baselineStatus, baselineInvolvedIgt);
  const reversal = input.finalValues ? judgeReversal(abnormal, input.finalValues) : undefined;
  return {
    finalStatus,
    outcome: managementOutcome(baseline, finalStatus, reversal),
    weightChangePercent: change,
    weightLossTargetMet: change === null ? null : -change >= LIFESTYLE_TARGETS.weightLossPercent,
    symptomReductionRate: rate,
    symptomEfficacy: symptomEfficacy(rate),
  };
}
