import { describe, expect, it } from 'vitest';
import { annex1 } from './annex1';
import { annex4 } from './annex4';
import { annex6 } from './annex6';
import { annex7 } from './annex7';
import { annex8 } from './annex8';
import { annex9 } from './annex9';
import { exportCellsMapper, exportColumns, exportRow, formatDerived, formatValue, historyColumns } from './columns';
import { allItems } from './visibility';

const item = (def: typeof annex1, key: string) => {
  const found = allItems(def).find((candidate) => candidate.key === key);
  if (!found) throw new Error(`no item ${key}`);
  return found;
};

describe('export columns', () => {
  it('gives one column per item with unit and codes, then the derived columns', () => {
    const columns = exportColumns(annex1);
    expect(columns.find((column) => column.key === 'fpg')).toMatchObject({
      header: '空腹血糖',
      type: 'number',
      unit: 'mmol/L',
      source: 'data',
    });
    const comorbidities = columns.find((column) => column.key === 'comorbidities');
    expect(comorbidities?.type).toBe('multiple');
    expect(comorbidities?.codes).toContainEqual({ value: 'fattyLiver', label: '脂肪肝' });
    expect(columns.at(-4)).toMatchObject({
      key: 'derived.glycemicStatus',
      header: '糖代谢状态',
      source: 'derived',
      path: ['glycemicStatus'],
    });
    expect(columns.at(-4)?.codes).toContainEqual({ value: 'elevatedHbA1c', label: '糖化血红蛋白升高（5.7%～6.4%，糖尿病前期范围）' });
  });

  it('gives the new derived values their own columns with codes for the codebook (issue 12)', () => {
    const codesOf = (def: typeof annex1, key: string) =>
      exportColumns(def)
        .find((column) => column.key === key)
        ?.codes?.map((c) => c.value);
    for (const def of [annex6, annex7, annex9]) {
      expect(codesOf(def, 'derived.bpBand'), def.key).toEqual(['normal', 'highNormal', 'grade1', 'grade2', 'grade3']);
    }
    expect(exportColumns(annex6).find((column) => column.key === 'derived.bpBand')?.header).toBe('血压分级');
    expect(codesOf(annex9, 'derived.suggestedNextStep')).toEqual(['routine', 'revisit', 'referral', 'urgentReferral']);
    expect(codesOf(annex8, 'derived.outcome')).toEqual([
      'reverted',
      'prediabetes',
      'progressed',
      'suspectedProgression',
      'hypoglycaemia',
      'repeatOgtt',
      'notJudged',
    ]);
    expect(codesOf(annex7, 'derived.glycemicStatus')).toContain('repeatOgtt');
    expect(codesOf(annex1, 'derived.glycemicStatus')).not.toContain('repeatOgtt');
    expect(codesOf(annex9, 'urgentSigns')).toContain('acetoneBreath');
    for (const def of [annex1, annex7, annex8]) {
      expect(exportColumns(def).find((column) => column.key === 'derived.hba1cVeryHighRisk')?.type, def.key).toBe('boolean');
    }
    const row = exportRow(annex6, { data: { examDate: '2026-02-20', sbp: 150, dbp: 85 }, derived: { bpBand: 'grade1' } });
    expect(row['derived.bpBand']).toBe('1级高血压（轻度，140–159/90–99）');
  });

  it('writes numbers as numbers and choices as labels', () => {
    const row = exportRow(annex1, {
      data: { testDate: '2026-02-20', fpg: 6.5, comorbidities: ['hypertension', 'obesity'], westernDiagnosis: 'IFG' },
      derived: { glycemicStatus: 'IFG', hasAlert: false },
    });
    expect(row.fpg).toBe(6.5);
    expect(row.ogtt2h).toBeNull();
    expect(row.comorbidities).toBe('高血压、肥胖');
    expect(row['derived.glycemicStatus']).toBe('空腹血糖受损（IFG）');
    expect(row['derived.hasAlert']).toBe('否');
  });

  it('builds the same cells, in column order, with a reusable mapper', () => {
    const record = { data: { testDate: '2026-02-20', fpg: 6.5, comorbidities: ['hypertension'] }, derived: { glycemicStatus: 'IFG' } };
    const row = exportRow(annex1, record);
    expect(exportCellsMapper(annex1)(record)).toEqual(exportColumns(annex1).map((column) => row[column.key]));
  });

  it('lists the history columns in the definition order', () => {
    expect(historyColumns(annex4).map((column) => column.header)).toEqual([
      '评估日期',
      '主症积分',
      '次症积分',
      '症状总积分',
      '积分减少率',
      '疗效',
    ]);
  });
});

describe('formatValue', () => {
  it('formats each item type for print and history', () => {
    expect(formatValue(item(annex1, 'fpg'), 6.5)).toBe('6.5 mmol/L');
    expect(formatValue(item(annex1, 'fpg'), undefined)).toBe('');
    expect(formatValue(item(annex1, 'comorbidities'), ['hypertension', 'fattyLiver'], 'en')).toBe('Hypertension, Fatty liver');
    expect(formatValue(item(annex4, 'thirst'), 'moderate')).toBe('中（4分）');
    expect(formatValue(item(annex9, 'newComplication'), false)).toBe('否');
    expect(formatValue(item(annex9, 'medications'), [{ name: '二甲双胍', timesPerDay: 3, dosePerTime: 0.5, doseUnit: 'g' }])).toBe(
      '二甲双胍 3 次/日 0.5 g',
    );
    expect(formatDerived({ key: 'bmi', label: { zh: 'BMI', en: 'BMI' }, type: 'number', unit: 'kg/m²' }, 24.2)).toBe('24.2 kg/m²');
  });
});
