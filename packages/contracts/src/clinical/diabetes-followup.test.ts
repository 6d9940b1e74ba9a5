import { describe, expect, it } from 'vitest';
import { nextStepDays, suggestDiabetesNextStep, suggestDiabetesVisitClass } from './diabetes-followup';

describe('annex 9 visit classification', () => {
  it('is satisfactory only below FPG 7.0 with no flags', () => {
    expect(suggestDiabetesVisitClass({ fpg: 6.9 })).toBe('satisfactory');
    expect(suggestDiabetesVisitClass({ fpg: 7.0 })).toBe('unsatisfactory');
    expect(suggestDiabetesVisitClass({ fpg: 5.8, hasAdverseReaction: true })).toBe('adverseReaction');
  });

  it('chooses the most severe class when several apply', () => {
    expect(suggestDiabetesVisitClass({ fpg: 9.0, hasAdverseReaction: true })).toBe('adverseReaction');
    expect(suggestDiabetesVisitClass({ fpg: 9.0, hasAdverseReaction: true, hasComplication: true })).toBe('complication');
  });

  it('has nothing to classify on without FPG and flags', () => {
    expect(suggestDiabetesVisitClass({})).toBeNull();
    expect(suggestDiabetesVisitClass({ hasAdverseReaction: true })).toBe('adverseReaction');
  });

  it('suggests routine, a 2-week revisit, or referral on the second uncontrolled visit in a row', () => {
    expect(suggestDiabetesNextStep('satisfactory', 'unsatisfactory')).toBe('routine');
    expect(suggestDiabetesNextStep('unsatisfactory', null)).toBe('revisit');
    expect(suggestDiabetesNextStep('unsatisfactory', 'satisfactory')).toBe('revisit');
    expect(suggestDiabetesNextStep('unsatisfactory', 'unsatisfactory')).toBe('referral');
    expect(suggestDiabetesNextStep('adverseReaction', 'unsatisfactory')).toBe('referral');
    expect(suggestDiabetesNextStep('adverseReaction', 'satisfactory')).toBe('revisit');
    expect(suggestDiabetesNextStep('complication', 'satisfactory')).toBe('referral');
    expect(suggestDiabetesNextStep(null, 'unsatisfactory')).toBeNull();
  });

  it('never calls a visit with a danger value satisfactory, and refers it urgently before anything else', () => {
    // FPG 3.5 is below 7.0 but hypoglycaemic; a BP danger value with no FPG still classifies.
    expect(suggestDiabetesVisitClass({ fpg: 3.5, hasDangerValue: true })).toBe('unsatisfactory');
    expect(suggestDiabetesVisitClass({ hasDangerValue: true })).toBe('unsatisfactory');
    expect(suggestDiabetesVisitClass({ fpg: 5.2, hasDangerValue: true, hasAdverseReaction: true })).toBe('adverseReaction');
    expect(suggestDiabetesVisitClass({ fpg: 5.2, hasDangerValue: false })).toBe('satisfactory');
    expect(suggestDiabetesNextStep('unsatisfactory', null, true)).toBe('urgentReferral');
    expect(suggestDiabetesNextStep('complication', 'unsatisfactory', true)).toBe('urgentReferral');
    expect(suggestDiabetesNextStep(null, null, true)).toBe('urgentReferral');
    expect(suggestDiabetesNextStep('unsatisfactory', null, false)).toBe('revisit');
  });

  it('turns steps into days', () => {
    expect([nextStepDays('routine'), nextStepDays('revisit'), nextStepDays('referral'), nextStepDays('urgentReferral')]).toEqual([
      90, 14, 14, 14,
    ]);
  });
});
