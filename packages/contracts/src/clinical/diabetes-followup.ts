import { DIABETES_FOLLOW_UP } from './programme';

/**
 * Annex 9 (2型糖尿病患者随访服务记录表): the visit classification and the next step of the
 * national T2DM health-management service specification. The rules only suggest; the doctor's
 * choice is what the record keeps as the classification, next to the suggestion.
 */
export type DiabetesVisitClass = 'satisfactory' | 'unsatisfactory' | 'adverseReaction' | 'complication';

export const DIABETES_VISIT_CLASS_LABELS: Record<DiabetesVisitClass, { zh: string; en: string }> = {
  satisfactory: { zh: '控制满意', en: 'Satisfactory control' },
  unsatisfactory: { zh: '控制不满意', en: 'Unsatisfactory control' },
  adverseReaction: { zh: '不良反应', en: 'Adverse drug reaction' },
  complication: { zh: '并发症', en: 'Complication' },
};

/**
 * `urgentReferral`: a danger value (glucose ≥ 16.7 or ≤ 3.9 mmol/L, SBP ≥ 180 or DBP ≥ 110 mmHg) or an
 * acute sign; the specification sends the patient to hospital after first aid, whatever else the
 * visit shows, and asks for a follow-up of the referral within two weeks.
 */
export type DiabetesNextStep = 'routine' | 'revisit' | 'referral' | 'urgentReferral';

export const DIABETES_NEXT_STEP_LABELS: Record<DiabetesNextStep, { zh: string; en: string }> = {
  routine: { zh: '按期随访', en: 'Routine follow-up' },
  revisit: { zh: '调整治疗，2周内随访', en: 'Adjust treatment, revisit within 2 weeks' },
  referral: { zh: '建议转诊，2周内主动随访转诊情况', en: 'Refer, and follow the referral up within 2 weeks' },
  urgentReferral: {
    zh: '紧急转诊（危急值或危急情况），2周内主动随访转诊情况',
    en: 'Urgent referral (danger value or acute sign); follow the referral up within 2 weeks',
  },
};

export interface DiabetesVisitFacts {
  fpg?: number | null;
  /** A drug adverse reaction; frequent hypoglycaemia counts as one. */
  hasAdverseReaction?: boolean | null;
  /** A new complication, or an existing one got worse. */
  hasComplication?: boolean | null;
  /** Any danger value or acute sign of the specification (see clinical/alerts). */
  hasDangerValue?: boolean | null;
}

/**
 * The most severe class that applies. Satisfactory needs a measured FPG below 7.0, no flag and no
 * danger value: a danger value (a hypoglycaemic FPG of 3.5 is below 7.0, and a BP of 182/100 says
 * nothing of glucose) makes the visit at least unsatisfactory. With no FPG, no flag and no danger
 * value there is nothing to classify on, so the answer is null.
 */
export function suggestDiabetesVisitClass(
  facts: DiabetesVisitFacts,
  satisfactoryFpgBelow: number = DIABETES_FOLLOW_UP.satisfactoryFpgBelow,
): DiabetesVisitClass | null {
  if (facts.hasComplication === true) return 'complication';
  if (facts.hasAdverseReaction === true) return 'adverseReaction';
  if (facts.hasDangerValue === true) return 'unsatisfactory';
  const { fpg } = facts;
  if (typeof fpg !== 'number' || !Number.isFinite(fpg)) return null;
  return fpg < satisfactoryFpgBelow ? 'satisfactory' : 'unsatisfactory';
}

/** Unsatisfactory control and adverse reactions both count towards "twice in a row". */
function isUncontrolled(visitClass: DiabetesVisitClass | null | undefined): boolean {
  return visitClass === 'unsatisfactory' || visitClass === 'adverseReaction';
}

/**
 * Next step from this visit's class and the previous visit's class (the doctor's choice there):
 * any danger value → urgent referral, before everything else; satisfactory → routine; first
 * unsatisfactory / adverse reaction → revisit within 2 weeks; the second in a row, or any new or
 * worse complication → referral.
 */
export function suggestDiabetesNextStep(
  current: DiabetesVisitClass | null | undefined,
  previous: DiabetesVisitClass | null | undefined,
  hasDangerValue = false,
): DiabetesNextStep | null {
  if (hasDangerValue) return 'urgentReferral';
  if (!current) return null;
  if (current === 'complication') return 'referral';
  if (current === 'satisfactory') return 'routine';
  return isUncontrolled(previous) ? 'referral' : 'revisit';
}

/** Days until the next visit for a step (used to prefill the next visit date). */
export function nextStepDays(step: DiabetesNextStep): number {
  if (step === 'routine') return DIABETES_FOLLOW_UP.routineDays;
  if (step === 'urgentReferral') return DIABETES_FOLLOW_UP.urgentReferralFollowUpDays;
  if (step === 'referral') return DIABETES_FOLLOW_UP.referralFollowUpDays;
  return DIABETES_FOLLOW_UP.revisitDays;
}
