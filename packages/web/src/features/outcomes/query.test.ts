import { describe, expect, it } from 'vitest';
import { outcomeParams, outcomeSearch, readOutcomeQuery } from './query';

const read = (search: string, isAdmin: boolean) => readOutcomeQuery(new URLSearchParams(search), isAdmin);

describe('readOutcomeQuery', () => {
  it("reads the administrator's institution and the baseline range", () => {
    expect(read('institutionId=2&from=2026-01-01&to=2026-06-30', true)).toEqual({ institutionId: 2, from: '2026-01-01', to: '2026-06-30' });
  });

  it("ignores an institution in a doctor's address (the server scopes a doctor to their own)", () => {
    expect(read('institutionId=2&from=2026-01-01', false)).toEqual({ from: '2026-01-01' });
  });

  it('reads nothing from an empty address (the whole programme)', () => {
    expect(read('', true)).toEqual({});
  });

  it('drops a value the contract refuses and keeps the others', () => {
    expect(read('institutionId=abc&from=2026-02-30&to=2026-06-30', true)).toEqual({ to: '2026-06-30' });
    expect(read('institutionId=0&from=2026-01-01', true)).toEqual({ from: '2026-01-01' });
  });

  it('drops both ends of a reversed range', () => {
    expect(read('institutionId=3&from=2026-07-01&to=2026-06-30', true)).toEqual({ institutionId: 3 });
  });

  it('reads the follow-up policy and drops an unknown one', () => {
    expect(read('policy=untilEndOfManagement', false)).toEqual({ policy: 'untilEndOfManagement' });
    expect(read('policy=perProtocol&from=2026-01-01', false)).toEqual({ from: '2026-01-01' });
  });

  it('keeps a one-day range', () => {
    expect(read('from=2026-07-01&to=2026-07-01', true)).toEqual({ from: '2026-07-01', to: '2026-07-01' });
  });
});

describe('outcomeSearch and outcomeParams', () => {
  it('leave absent values out', () => {
    expect(outcomeSearch({ from: '2026-01-01' }).toString()).toBe('from=2026-01-01');
    expect(outcomeParams({ institutionId: 4, to: '2026-06-30' })).toEqual({ institutionId: 4, to: '2026-06-30' });
    expect(outcomeParams({})).toEqual({});
  });

  it('round-trip through the address', () => {
    const query = { institutionId: 2, from: '2026-01-01', to: '2026-06-30', policy: 'untilEndOfManagement' as const };
    expect(readOutcomeQuery(outcomeSearch(query), true)).toEqual(query);
  });
});
