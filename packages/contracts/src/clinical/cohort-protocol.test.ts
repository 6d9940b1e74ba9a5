import { describe, expect, it } from 'vitest';
import {
  followUpAnnex,
  instrumentNotForGroupMessage,
  instrumentsFor,
  isFillCompleted,
  isInstrumentFor,
  missingForCompletion,
  PROTOCOL_GROUPS,
  protocolGroup,
} from './cohort-protocol';

describe('cohort protocol', () => {
  it('needs the whole baseline set of the managed group, and annex 8 once ended', () => {
    expect(isFillCompleted('managed', ['1', '2', '3', '4'], false)).toBe(false);
    expect(isFillCompleted('managed', ['1', '2', '3', '4', '6'], false)).toBe(true);
    expect(isFillCompleted('managed', ['1', '2', '3', '4', '6'], true)).toBe(false);
    expect(isFillCompleted('managed', ['1', '2', '3', '4', '6', '8'], true)).toBe(true);
  });
  it('needs annexes 1, 3 and 6 for the comparison group, whatever else is filled, ended or not', () => {
    expect(isFillCompleted('comparison', ['1', '3'], false)).toBe(false);
    expect(isFillCompleted('comparison', ['1', '3', '6'], true)).toBe(true);
    expect(isFillCompleted('comparison', ['1', '3', '6'], true, 1)).toBe(true);
    expect(isFillCompleted('comparison', ['1', '6', '9'], false, 1)).toBe(false);
  });
  it('names what is missing: the baseline, then annex 8 once a managed patient has ended', () => {
    expect(missingForCompletion(PROTOCOL_GROUPS.managed, ['1', '3'], true)).toEqual(['2', '4', '6', '8']);
    expect(missingForCompletion(PROTOCOL_GROUPS.comparisonDiabetes, ['1'], true)).toEqual(['3', '6']);
  });
  it('follows diabetic comparison members with annex 9 and everyone else with annex 7', () => {
    expect(followUpAnnex('comparison', 1)).toBe('9');
    expect(followUpAnnex('comparison', 0)).toBe('7');
    expect(followUpAnnex('comparison', null)).toBe('7');
    expect(followUpAnnex('managed', null)).toBe('7');
  });
  it('gives each group its instruments (PRODUCT §3)', () => {
    expect(instrumentsFor('managed', null)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', 'custom']);
    // The lists' role: 'patient' for managed patients, 0 / 1 for comparison members.
    expect(instrumentsFor('managed', 'patient')).toEqual(instrumentsFor('managed', null));
    expect(instrumentsFor('comparison', 0)).toEqual(['1', '3', '6', '7', 'custom']);
    expect(instrumentsFor('comparison', 1)).toEqual(['1', '3', '6', '9', 'custom']);
    expect(isInstrumentFor('comparison', 0, '2')).toBe(false);
    expect(isInstrumentFor('comparison', 1, '4')).toBe(false);
    expect(isInstrumentFor('managed', null, '9')).toBe(false);
  });
  it('keeps every group consistent: baseline, follow-up and end evaluation are among its instruments', () => {
    for (const group of Object.values(PROTOCOL_GROUPS)) {
      for (const annex of [...group.baseline, group.followUp, ...(group.endEvaluation ? [group.endEvaluation] : [])]) {
        expect(group.instruments, `${group.key} ${annex}`).toContain(annex);
      }
    }
  });
  it('refuses with a message naming the group and, for the wrong follow-up form, the right one', () => {
    expect(instrumentNotForGroupMessage(protocolGroup('comparison', 0), '2')).toBe('对照组（糖尿病前期）不填写附件2');
    expect(instrumentNotForGroupMessage(protocolGroup('comparison', 1), '4')).toBe('对照组（糖尿病）不填写附件4');
    expect(instrumentNotForGroupMessage(protocolGroup('comparison', 1), '7')).toBe('对照组（糖尿病）不填写附件7，随访请使用附件9');
    expect(instrumentNotForGroupMessage(protocolGroup('managed'), '9')).toBe('管理组不填写附件9，随访请使用附件7');
  });
});
