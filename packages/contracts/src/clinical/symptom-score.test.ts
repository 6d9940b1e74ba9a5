import { describe, expect, it } from 'vitest';
import { symptomEfficacy, symptomReductionRate, symptomTotal } from './symptom-score';

describe('symptom score', () => {
  it('sums scores, ignoring unanswered ones', () => {
    expect(symptomTotal([6, 4, undefined, 2, null, 1])).toBe(13);
  });

  it('computes the reduction rate exactly and null without a baseline score', () => {
    expect(symptomReductionRate(30, 21)).toBe(30);
    expect(symptomReductionRate(1000, 701)).toBe(29.9);
    expect(symptomReductionRate(10, 12)).toBe(-20);
    expect(symptomReductionRate(0, 0)).toBeNull();
    expect(symptomReductionRate(undefined, 5)).toBeNull();
  });

  it('grades efficacy at 30, 70 and 95 %', () => {
    expect(symptomEfficacy(29.9)).toBe('ineffective');
    expect(symptomEfficacy(30)).toBe('effective');
    expect(symptomEfficacy(69.9)).toBe('effective');
    expect(symptomEfficacy(70)).toBe('marked');
    expect(symptomEfficacy(94.9)).toBe('marked');
    expect(symptomEfficacy(95)).toBe('cure');
    expect(symptomEfficacy(100)).toBe('cure');
    expect(symptomEfficacy(-20)).toBe('ineffective');
    expect(symptomEfficacy(null)).toBeNull();
  });

  it('grades from raw scores end to end', () => {
    expect(symptomEfficacy(symptomReductionRate(20, 14))).toBe('effective');
    expect(symptomEfficacy(symptomReductionRate(20, 6))).toBe('marked');
    expect(symptomEfficacy(symptomReductionRate(20, 1))).toBe('cure');
    expect(symptomEfficacy(symptomReductionRate(20, 15))).toBe('ineffective');
  });
});
