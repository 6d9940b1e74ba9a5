import { describe, expect, it } from 'vitest';
import { RECORD_ROUTES } from '../../lib/routes';
import { appliesTo, screenAnnexesFor } from './RecordWorkspace';

const screensOf = (info: Parameters<typeof appliesTo>[1]) => RECORD_ROUTES.filter((r) => appliesTo(r.key, info)).map((r) => r.key);

describe('record workspace tabs (the protocol table of contracts)', () => {
  it('gives managed patients every screen but the diabetes follow-up form', () => {
    const managed = { cohort: 'managed', role: 'patient' } as const;
    expect(screensOf(managed)).toEqual([
      'diagnosticRecord',
      'lifeStyle',
      'bodyConstitution',
      'symptomScale',
      'InterventionRecord',
      'followUp',
      'custom',
    ]);
    expect(screenAnnexesFor('diagnosticRecord', managed)).toEqual(['1', '6']);
  });

  it('gives comparison members annexes 1, 3, 6, their own follow-up form and custom records', () => {
    expect(screensOf({ cohort: 'comparison', role: 0 })).toEqual(['diagnosticRecord', 'bodyConstitution', 'followUp', 'custom']);
    expect(screensOf({ cohort: 'comparison', role: 1 })).toEqual(['diagnosticRecord', 'bodyConstitution', 'TNBFollowUp', 'custom']);
    expect(screenAnnexesFor('diagnosticRecord', { cohort: 'comparison', role: 1 })).toEqual(['1', '6']);
    expect(screenAnnexesFor('lifeStyle', { cohort: 'comparison', role: 0 })).toEqual([]);
  });
});
