import { ExportPaths } from '@tcm/contracts/api/exports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './support/databases';
import { addComparisonMember, backdateEnrolment, createDoctor, daysAgo, enrolPatient, loginAs } from './support/factories';
import { createTestApp, INSTITUTION_A, type TestApp } from './support/test-app';
import { download, openWorkbook, readSheet } from './support/xlsx';

/**
 * The clinical rules (docs/clinical-rules.md) through the API: the server derives every value through the same
 * contracts definitions as the form, so what it stores and returns is what the doctor saw.
 */

interface RecordOut {
  id: number;
  data: Record<string, unknown>;
  derived: Record<string, unknown>;
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

describe.each(databaseKinds())('clinical rules on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await loginAs(t, await createDoctor(t, { institutionId: INSTITUTION_A }));
  });
  afterAll(async () => {
    await t?.close();
  });

  const save = async (annex: string, patientId: number, data: Record<string, unknown>) => {
    const res = await t.call<RecordOut>({ method: 'POST', path: `/api/annex/${annex}/records`, token, body: { patientId, data } });
    expect(res.code, res.message).toBe(0);
    return res.data;
  };

  /** A controlled annex 9 visit of a diabetic comparison member, with the values under test on top. */
  const annex9Visit = (values: Record<string, unknown>) => ({
    visitDate: daysAgo(2),
    way: 'clinic',
    symptoms: ['none'],
    urgentSigns: ['none'],
    sbp: 128,
    dbp: 78,
    fpg: 6.2,
    adverseReaction: 'no',
    visitClass: 'satisfactory',
    ...values,
  });

  it.each([
    ['FPG 3.5 mmol/L', { fpg: 3.5 }],
    ['BP 182/100 mmHg', { sbp: 182, dbp: 100 }],
  ])('annex 9 with %s: not satisfactory, urgent referral, next contact within 14 days', async (_, values) => {
    const member = await addComparisonMember(t, token, { institutionId: INSTITUTION_A, role: 1 });
    await backdateEnrolment(t, member.id, daysAgo(30));
    const record = await save('9', member.id, annex9Visit(values));
    expect(record.derived.suggestedVisitClass).not.toBe('satisfactory');
    expect(record.derived.suggestedVisitClass).toBe('unsatisfactory');
    expect(record.derived.suggestedNextStep).toBe('urgentReferral');
    expect(record.derived.hasAlert).toBe(true);
    const days = dayNumber(String(record.derived.suggestedNextVisitDate)) - dayNumber(daysAgo(2));
    expect(days).toBeGreaterThan(0);
    expect(days).toBeLessThanOrEqual(14);
    // The stored record answers the same on reading.
    const read = await t.call<RecordOut>({ method: 'GET', path: `/api/annex/9/records/${record.id}`, token });
    expect(read.data.derived.suggestedNextStep).toBe('urgentReferral');
  });

  it('annex 9 carries the BP category; a controlled visit stays routine', async () => {
    const member = await addComparisonMember(t, token, { institutionId: INSTITUTION_A, role: 1 });
    await backdateEnrolment(t, member.id, daysAgo(30));
    const danger = await save('9', member.id, annex9Visit({ sbp: 182, dbp: 100 }));
    expect(danger.derived.bpBand).toBe('grade3');
    const controlled = await save('9', member.id, annex9Visit({ visitDate: daysAgo(1), sbp: 132, dbp: 84 }));
    expect(controlled.derived).toMatchObject({ bpBand: 'highNormal', suggestedVisitClass: 'satisfactory', suggestedNextStep: 'routine' });
  });

  it('annex 6 carries the BP category', async () => {
    const patient = await enrolPatient(t, token, { institutionId: INSTITUTION_A });
    const exam = await save('6', patient.id, { examDate: daysAgo(5), height: 168, weight: 70, sbp: 150, dbp: 95 });
    expect(exam.derived.bpBand).toBe('grade1');
  });

  it('baseline IGT then annex 8 without a 2h-PG: the outcome is "repeat the OGTT", never "reverted"', async () => {
    const patient = await enrolPatient(t, token, { institutionId: INSTITUTION_A });
    await backdateEnrolment(t, patient.id, daysAgo(150));
    const baseline = await save('1', patient.id, { testDate: daysAgo(200), fpg: 5.5, ogtt2h: 8.6 });
    expect(baseline.derived.glycemicStatus).toBe('IGT');
    const followUp = await save('7', patient.id, { visitDate: daysAgo(20), way: 'clinic', fpg: 5.6 });
    expect(followUp.derived.glycemicStatus).toBe('repeatOgtt');
    const end = await save('8', patient.id, { evaluationDate: daysAgo(1), fpg: 5.6, satisfaction: 'satisfied' });
    expect(end.derived).toMatchObject({ baselineStatus: 'IGT', finalStatus: 'repeatOgtt', outcome: 'repeatOgtt' });
    expect(end.derived.outcome).not.toBe('reverted');
  });

  it('FPG 5.5 with HbA1c 6.2 % is elevatedHbA1c, flagged as very high risk', async () => {
    const patient = await enrolPatient(t, token, { institutionId: INSTITUTION_A });
    const diagnosis = await save('1', patient.id, { testDate: daysAgo(3), fpg: 5.5, hba1c: 6.2 });
    expect(diagnosis.derived).toMatchObject({ glycemicStatus: 'elevatedHbA1c', hba1cVeryHighRisk: true });
  });

  it('exports the BP category as a column with its codes in the codebook', async () => {
    const patient = await enrolPatient(t, token, { institutionId: INSTITUTION_A, name: '血压导出' });
    await backdateEnrolment(t, patient.id, daysAgo(30));
    await save('7', patient.id, { visitDate: daysAgo(4), way: 'phone', sbp: 165, dbp: 92 });
    const res = await download(t, ExportPaths.annex7, token);
    expect(res.status, JSON.stringify(res.envelope)).toBe(200);
    const book = await openWorkbook(res.body);
    const row = readSheet(book, '随访记录').rows.find((r) => r.姓名 === '血压导出');
    expect(row?.血压分级).toBe('2级高血压（中度，160–179/100–109）');
    const codebook = readSheet(book, 'codebook').rows.find((r) => r.标签 === '血压分级');
    expect(String(codebook?.编码)).toContain('grade3=3级高血压（重度，≥180/≥110）');
  });
});
