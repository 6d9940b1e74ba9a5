import type { AnnexRecord } from '@tcm/contracts/api/records';
import type { AnnexKey } from '@tcm/contracts/instruments/types';
import { describe, expect, it } from 'vitest';
import { bpBandNote, linePoints, trendPoints } from './RecordCharts';

let nextId = 100;

function record(annex: AnnexKey, filledAt: string, data: Record<string, unknown>, createdAt = `${filledAt}T08:00:00.000Z`): AnnexRecord {
  nextId += 1;
  return {
    id: nextId,
    annex,
    patientId: 1,
    version: 1,
    data,
    derived: {},
    filledAt,
    nextDueDate: null,
    doctorId: 2,
    doctorName: '医生',
    createdAt,
    updatedAt: createdAt,
    revision: 1,
  };
}

describe('trendPoints', () => {
  it('gives two records of the same day two points, each naming its annex and record', () => {
    const diagnosis = record('1', '2026-03-01', { fpg: 6.5 });
    const followUp = record('7', '2026-03-01', { fpg: 6.4 });
    const points = trendPoints({ '1': [diagnosis], '7': [followUp] }, 'fpg');
    expect(points).toEqual([
      { key: `1-${diagnosis.id}`, annex: '1', recordId: diagnosis.id, date: '2026-03-01', value: 6.5 },
      { key: `7-${followUp.id}`, annex: '7', recordId: followUp.id, date: '2026-03-01', value: 6.4 },
    ]);
  });

  it('keeps two records of one annex on one day (no latest-wins collapse)', () => {
    const morning = record('7', '2026-03-01', { weight: 70 }, '2026-03-01T01:00:00.000Z');
    const evening = record('7', '2026-03-01', { weight: 69.5 }, '2026-03-01T09:00:00.000Z');
    // The API lists newest first; the chart wants creation order within the day.
    expect(trendPoints({ '7': [evening, morning] }, 'weight').map((p) => p.value)).toEqual([70, 69.5]);
  });

  it('orders by clinical date, then creation time, then id, whatever the annex and list order', () => {
    const late = record('9', '2026-04-02', { fpg: 8 });
    const sameDayFirst = record('7', '2026-03-01', { fpg: 6.1 }, '2026-03-01T01:00:00.000Z');
    const sameDaySecond = record('1', '2026-03-01', { fpg: 6.2 }, '2026-03-01T02:00:00.000Z');
    const early = record('6', '2026-01-15', { fpg: 5.9 });
    const points = trendPoints({ '1': [sameDaySecond], '6': [early], '7': [sameDayFirst], '9': [late] }, 'fpg');
    expect(points.map((p) => [p.date, p.value])).toEqual([
      ['2026-01-15', 5.9],
      ['2026-03-01', 6.1],
      ['2026-03-01', 6.2],
      ['2026-04-02', 8],
    ]);
  });

  it('breaks a tie of date and creation time by id, so the order is stable', () => {
    const createdAt = '2026-03-01T01:00:00.000Z';
    const first = record('1', '2026-03-01', { fpg: 6.3 }, createdAt);
    const second = record('7', '2026-03-01', { fpg: 6.0 }, createdAt);
    const forwards = trendPoints({ '1': [first], '7': [second] }, 'fpg');
    const backwards = trendPoints({ '7': [second], '1': [first] }, 'fpg');
    expect(forwards.map((p) => p.recordId)).toEqual([first.id, second.id]);
    expect(backwards).toEqual(forwards);
  });

  it('does not move an edited record among its day (updatedAt does not reorder)', () => {
    const first = record('1', '2026-03-01', { fpg: 6.3 }, '2026-03-01T01:00:00.000Z');
    const second = record('7', '2026-03-01', { fpg: 6.0 }, '2026-03-01T02:00:00.000Z');
    const editedFirst = { ...first, data: { fpg: 6.8 }, updatedAt: '2026-03-05T00:00:00.000Z' };
    expect(trendPoints({ '1': [editedFirst], '7': [second] }, 'fpg').map((p) => p.value)).toEqual([6.8, 6.0]);
  });

  it('skips records without a number for the item and annexes that do not measure it', () => {
    const empty = record('7', '2026-03-01', { fpg: null });
    const text = record('7', '2026-03-02', { fpg: '6.1' });
    const notANumber = record('7', '2026-03-03', { fpg: Number.NaN });
    const constitution = record('3', '2026-03-04', { fpg: 6 });
    const measured = record('1', '2026-03-05', { fpg: 6.6 });
    const points = trendPoints({ '1': [measured], '3': [constitution], '7': [empty, text, notANumber] }, 'fpg');
    expect(points.map((p) => p.recordId)).toEqual([measured.id]);
  });

  it('reads only the date part of filledAt', () => {
    const stamped = record('6', '2026-03-01T10:20:00.000Z', { weight: 70 });
    expect(trendPoints({ '6': [stamped] }, 'weight')[0]?.date).toBe('2026-03-01');
  });

  it('gives every point a unique key even when records share a date', () => {
    const records = ['1', '6', '7', '8', '9'].flatMap((annex) => [
      record(annex as AnnexKey, '2026-03-01', { weight: 70 }),
      record(annex as AnnexKey, '2026-03-01', { weight: 71 }),
    ]);
    const byAnnex: Partial<Record<AnnexKey, AnnexRecord[]>> = {};
    for (const r of records) byAnnex[r.annex as AnnexKey] = [...(byAnnex[r.annex as AnnexKey] ?? []), r];
    const keys = trendPoints(byAnnex, 'weight').map((p) => p.key);
    expect(keys).toHaveLength(10);
    expect(new Set(keys).size).toBe(10);
  });
});

describe('linePoints', () => {
  it('says which annex each point came from', () => {
    const followUp = record('7', '2026-03-01', { fpg: 6.4 });
    const [point] = linePoints(trendPoints({ '7': [followUp] }, 'fpg'), (annex) => `附件${annex} 随访记录`);
    expect(point).toEqual({ key: `7-${followUp.id}`, date: '2026-03-01', value: 6.4, source: '附件7 随访记录' });
  });
});

describe('blood pressure points', () => {
  it('carry the category of their reading (2018 guideline) from the record’s SBP and DBP', () => {
    const exam = record('6', '2026-01-10', { sbp: 138, dbp: 92 });
    const visit = record('9', '2026-03-01', { sbp: 182, dbp: 100 });
    const noSecond = record('7', '2026-02-01', { sbp: 150 });
    const points = trendPoints({ '6': [exam], '7': [noSecond], '9': [visit] }, 'sbp', (data) => bpBandNote(data, 'zh'));
    expect(points.map((p) => [p.value, p.note])).toEqual([
      [138, '1级高血压（轻度，140–159/90–99）'],
      [150, undefined],
      [182, '3级高血压（重度，≥180/≥110）'],
    ]);
    expect(linePoints(points, () => '附件')[2]).toMatchObject({ value: 182, note: '3级高血压（重度，≥180/≥110）' });
    expect(bpBandNote({ sbp: 118, dbp: 76 }, 'en')).toBe('Normal (<120/80)');
  });
});
