import { answersFromQuestions, CCMQ_QUESTIONS } from '@tcm/contracts';
import { PRESCRIPTION_FIELD_LABELS } from '@tcm/contracts/prescriptions/labels';
import { PRESCRIPTION_KINDS, type PrescriptionKind } from '@tcm/contracts/prescriptions/templates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, prescriptions } from '../src/db/schema';
import { databaseKinds } from './support/databases';
import { addComparisonMember, createAdmin, createDoctor, daysAgo, enrolPatient, loginAs } from './support/factories';
import { createTestApp, INSTITUTION_A, INSTITUTION_B, type TestApp } from './support/test-app';

type Values = Record<string, unknown>;

interface Issued {
  id: number;
  kind: string;
  patientId: number;
  content: Values;
  issuedAt: string;
  doctorId: number;
  doctorName: string;
  createdAt: string;
}

interface Blank {
  template: Values;
  suggestions: { field: string; reason: string; reasonEn: string; valueEn?: string }[];
}

/**
 * The blank templates of SEED-SPEC §3, written out here on purpose (not imported), so that a drift of a
 * field name or type anywhere between the spec and the API fails this test.
 */
const B = 'boolean';
const T = 'string';
const SPEC_TEMPLATES: Record<PrescriptionKind, Record<string, 'boolean' | 'string'>> = {
  diet: { a1: B, a2: B, a3: B, a41: B, a51: B, a42: T, a52: T },
  healthEducation: { a1: B, a2: B, a3: B, a5: B, a4: T, a6: T },
  loseWeight: { a1: B, a2: B, a31: B, a32: T },
  motion: {
    ...{ a1: B, a11: B, a12: B, a13: B, a14: B, a15: B, a16: B, a17: B, a18: B, a181: T },
    ...{ a2: B, a21: B, a22: B, a23: B, a231: T },
    ...{ a3: B, a31: B, a32: B, a33: B, a34: B, a35: B, a351: T },
    ...{ a41: T, a42: T },
  },
  other: { content: T },
  physique: { a1: B, a11: B, a12: B, a13: T, a2: B, a21: B, a22: B, a23: T, a3: B, a31: B, a32: B, a33: T, a4: B, a41: T },
  sleep: { a1: B, a2: B, a21: T },
};

/** One valid prescription of each kind, as the doctor would tick and type it. */
const FILLED: Record<PrescriptionKind, Values> = {
  diet: { a1: true, a41: true, a42: '山药薏米粥，每周3次' },
  sleep: { a1: true, a2: true, a21: '睡前温水泡脚20分钟' },
  motion: { a1: true, a11: true, a3: true, a32: true, a41: '每周5次，每次30分钟，中等强度' },
  loseWeight: { a1: true, a2: true, a31: true, a32: '3个月内减重5 kg' },
  other: { content: '戒烟，限酒' },
  healthEducation: { a1: true, a5: true, a6: '参加社区糖尿病前期健康讲座' },
  physique: { a1: true, a11: true, a13: '保持心情舒畅' },
};

/** Every CCMQ question answered 1 except those only in `type`'s sub-scale, answered 5. */
function ccmqLeaningTo(type: string) {
  return answersFromQuestions(Object.fromEntries(CCMQ_QUESTIONS.map((q) => [q.key, q.slots.every((s) => s.startsWith(type)) ? 5 : 1])));
}

const label = (kind: PrescriptionKind, field: string) => (PRESCRIPTION_FIELD_LABELS[kind] as Record<string, { zh: string }>)[field]!.zh;

describe.each(databaseKinds())('prescriptions on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let adminToken: string;
  let doctorId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A, name: '李医生' });
    doctorId = doctor.id;
    token = await loginAs(t, doctor);
    otherToken = await loginAs(t, await createDoctor(t, { institutionId: INSTITUTION_B }));
    adminToken = await loginAs(t, await createAdmin(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  const patient = async (gender: 'man' | 'woman' = 'man') => (await enrolPatient(t, token, { institutionId: INSTITUTION_A, gender })).id;
  const blank = (k: string, patientId: number, as = token) =>
    t.call<Blank>({ method: 'GET', path: `/prescription/${k}/blank`, token: as, query: { patientId } });
  const save = (k: string, body: Values, as = token) => t.call<Issued>({ method: 'POST', path: `/prescription/${k}`, token: as, body });
  const history = (k: string, patientId: number, more: Record<string, number> = {}, as = token) =>
    t.call<{ list: Issued[]; total: number; page: number; limit: number }>({
      method: 'GET',
      path: `/prescription/${k}/history`,
      token: as,
      query: { patientId, ...more },
    });
  const current = (patientId: number, as = token) =>
    t.call<Record<string, Issued | null>>({ method: 'GET', path: '/prescription/current', token: as, query: { patientId } });
  /** A valid prescription of a kind: the blank with the doctor's ticks and texts. */
  const issue = async (k: PrescriptionKind, patientId: number) => {
    const res = await save(k, { ...(await blank(k, patientId)).data.template, ...FILLED[k] });
    expect(res.code, `${k}: ${res.message}`).toBe(0);
    return res.data;
  };
  // A second follow-up on the same day is saved as the doctor confirms it (the later one is the latest).
  const record = async (annex: string, patientId: number, data: Values) => {
    const res = await t.call<{ id: number; derived: Values }>({
      method: 'POST',
      path: `/api/annex/${annex}/records`,
      token,
      // Two visits on one date on purpose (the latest values): the second confirms the same-day save.
      body: { patientId, data, confirmDuplicate: true },
    });
    expect(res.code, `annex ${annex}: ${res.message}`).toBe(0);
    return res.data;
  };

  it('answers the blank of every kind with exactly the fields and types of the spec, and no suggestions without records', async () => {
    const p = await patient();
    for (const k of PRESCRIPTION_KINDS) {
      const res = await blank(k, p);
      expect(res.code, `${k}: ${res.message}`).toBe(0);
      const { template, suggestions } = res.data;
      const shape = Object.fromEntries(Object.entries(template).map(([field, value]) => [field, typeof value]));
      expect(shape, k).toEqual({ patientId: 'number', isBlank: 'boolean', ...SPEC_TEMPLATES[k] });
      expect(template.patientId).toBe(p);
      expect(template.isBlank).toBe(true);
      for (const [field, type] of Object.entries(SPEC_TEMPLATES[k])) expect(template[field], `${k}.${field}`).toBe(type === B ? false : '');
      expect(suggestions, k).toEqual([]);
    }
  });

  it('saves every kind and answers the saved prescription', async () => {
    const p = await patient();
    for (const k of PRESCRIPTION_KINDS) {
      const saved = await issue(k, p);
      expect(saved).toMatchObject({ kind: k, patientId: p, doctorId, doctorName: '李医生', issuedAt: daysAgo(0) });
      expect(saved.content).toEqual({ ...(await blank(k, p)).data.template, ...FILLED[k], isBlank: false });
      const opened = await t.call<Issued>({ method: 'GET', path: `/prescription/${k}/${saved.id}`, token });
      expect(opened.code, opened.message).toBe(0);
      expect(opened.data).toEqual(saved);
    }
  });

  it('refuses a ticked item without its text, unknown keys and unknown kinds, saving nothing', async () => {
    const p = await patient();
    const template = (await blank('diet', p)).data.template;
    const missing = await save('diet', { ...template, a41: true, a42: '  ' });
    expect(missing.code).toBe(400);
    expect(missing.message).toContain(`已勾选“${label('diet', 'a41')}”，请填写“${label('diet', 'a42')}”`);
    expect((missing.data as unknown as { errors: { item: string }[] }).errors[0]!.item).toBe('a42');

    const unknown = await save('diet', { ...template, a1: true, a9: true });
    expect(unknown.code).toBe(400);
    expect(unknown.message).toContain('未知字段：a9');

    const nothing = await save('sleep', (await blank('sleep', p)).data.template);
    expect(nothing.code).toBe(400);
    expect(nothing.message).toContain('请至少勾选一项');

    const wrongKind = await save('diet', { patientId: p, content: '清淡饮食' });
    expect(wrongKind.code).toBe(400);

    for (const res of [
      await blank('breakfast', p),
      await save('breakfast', { patientId: p, content: 'x' }),
      await history('breakfast', p),
    ]) {
      expect(res.status).toBe(400);
      expect(res.message).toContain('未知处方类型：breakfast');
    }
    expect(await t.database.db.select().from(prescriptions).where(eq(prescriptions.patientId, p))).toHaveLength(0);
  });

  it('lists the history of a kind newest first, paged', async () => {
    const p = await patient();
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await issue('diet', p)).id);
    await issue('sleep', p);
    const all = await history('diet', p);
    expect(all.code, all.message).toBe(0);
    expect(all.data.list.map((x) => x.id)).toEqual([...ids].reverse());
    expect(all.data.total).toBe(3);
    const second = await history('diet', p, { page: 2, limit: 2 });
    expect(second.data).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(second.data.list.map((x) => x.id)).toEqual([ids[0]]);
    expect((await history('diet', p, { limit: 101 })).code).toBe(400);
  });

  it('shows the latest live prescription of every kind on the overview', async () => {
    const p = await patient();
    const empty = await current(p);
    expect(empty.code, empty.message).toBe(0);
    expect(empty.data).toEqual(Object.fromEntries(PRESCRIPTION_KINDS.map((k) => [k, null])));
    await issue('diet', p);
    const latestDiet = await issue('diet', p);
    const motion = await issue('motion', p);
    const res = await current(p);
    expect(res.data.diet).toEqual(latestDiet);
    expect(res.data.motion).toEqual(motion);
    expect(res.data.sleep).toBeNull();
  });

  it('voids with a reason: the prescription leaves history and the overview, stays stored, and is audited', async () => {
    const p = await patient();
    const older = await issue('physique', p);
    const newer = await issue('physique', p);
    const path = `/prescription/physique/${newer.id}`;
    const noReason = await t.call({ method: 'DELETE', path, token });
    expect(noReason.code).toBe(400);
    expect(noReason.message).toBe('请填写作废原因');
    expect((await t.call({ method: 'DELETE', path, token, query: { reason: '   ' } })).message).toBe('请填写作废原因');
    expect((await t.call({ method: 'DELETE', path: `/prescription/diet/${newer.id}`, token, query: { reason: '开错' } })).code).toBe(404);

    const voided = await t.call({ method: 'DELETE', path, token, query: { reason: '开错患者' } });
    expect(voided.code, voided.message).toBe(0);
    expect((await history('physique', p)).data.list.map((x) => x.id)).toEqual([older.id]);
    expect((await current(p)).data.physique).toEqual(older);
    expect((await t.call({ method: 'GET', path, token })).code).toBe(404);
    expect((await t.call({ method: 'DELETE', path, token, query: { reason: '再次' } })).code).toBe(404);

    const [row] = await t.database.db.select().from(prescriptions).where(eq(prescriptions.id, newer.id));
    expect(row).toMatchObject({ voidReason: '开错患者' });
    expect(row!.voidedAt).not.toBeNull();

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'prescription'), eq(auditLog.entityId, String(newer.id))));
    const create = audits.find((a) => a.action === 'prescription.create');
    const voidRow = audits.find((a) => a.action === 'prescription.void');
    expect(create).toMatchObject({
      actorId: doctorId,
      institutionId: INSTITUTION_A,
      detail: { patientId: p, kind: 'physique', after: newer.content },
    });
    expect(voidRow).toMatchObject({
      actorId: doctorId,
      institutionId: INSTITUTION_A,
      detail: { patientId: p, kind: 'physique', reason: '开错患者', before: newer.content },
    });
  });

  it("refuses another institution's patient with a non-zero code and no data, and lets the admin read but not write", async () => {
    const p = await patient();
    const saved = await issue('other', p);
    const refused = [
      await blank('diet', p, otherToken),
      await save('other', { patientId: p, isBlank: true, content: '越权' }, otherToken),
      await history('other', p, {}, otherToken),
      await current(p, otherToken),
      await t.call({ method: 'GET', path: `/prescription/other/${saved.id}`, token: otherToken }),
      await t.call({ method: 'DELETE', path: `/prescription/other/${saved.id}`, token: otherToken, query: { reason: '越权' } }),
    ];
    for (const res of refused) {
      expect(res.code).not.toBe(0);
      expect(res.data ?? {}).toEqual({});
      expect(res.raw).not.toContain('戒烟');
    }
    expect((await history('other', p)).data.list.map((x) => x.id)).toEqual([saved.id]);

    expect((await history('other', p, {}, adminToken)).data.list.map((x) => x.id)).toEqual([saved.id]);
    expect((await current(p, adminToken)).data.other).toEqual(saved);
    expect((await save('other', { patientId: p, content: '管理员' }, adminToken)).code).toBe(403);
    expect((await blank('other', 999_999)).code).toBe(404);
  });

  it('issues no prescription to a comparison-group member', async () => {
    const member = await addComparisonMember(t, token, { institutionId: INSTITUTION_A, role: 0 });
    const res = await blank('diet', member.id);
    expect(res.code).toBe(400);
    expect(res.message).toContain('对照组');
    expect((await save('other', { patientId: member.id, content: '清淡饮食' })).code).toBe(400);
  });

  it('suggests from the latest annex 1, 2, 3 and 6 records, marks why, and the suggestion saves as it is', async () => {
    const p = await patient('woman');
    await record('6', p, { examDate: daysAgo(60), height: 160, weight: 50 });
    const exam = await record('6', p, { examDate: daysAgo(5), height: 160, weight: 68, waist: 88 });
    expect(exam.derived.bmi).toBeGreaterThanOrEqual(24);
    const life = await record('2', p, { surveyDate: daysAgo(5), activityDaysPerWeek: 2, activityMinutesPerDay: 30, saltGrams: 9 });
    expect(life.derived.activityMinutesPerWeek).toBe(60);
    await record('1', p, { testDate: daysAgo(5), fpg: 6.5, ogtt2h: 8.2 });
    await record('3', p, { assessDate: daysAgo(90), answers: ccmqLeaningTo('qixu') });
    const constitution = await record('3', p, { assessDate: daysAgo(5), answers: ccmqLeaningTo('tanshi') });
    expect(constitution.derived.primaryTypes).toContain('tanshi');

    const lose = (await blank('loseWeight', p)).data;
    expect(lose.template).toMatchObject({ a1: true, a2: true, a31: true, isBlank: true });
    expect(lose.template.a32).toContain('减重≥7%');
    expect(lose.template.a32).toContain('68.0 kg');
    expect(lose.template.a32).toContain('85 cm');
    expect(lose.suggestions.map((s) => s.field)).toEqual(expect.arrayContaining(['a1', 'a2', 'a31', 'a32']));
    expect(lose.suggestions.find((s) => s.field === 'a31')!.reason).toContain('BMI');

    const motion = (await blank('motion', p)).data;
    expect(motion.template).toMatchObject({ a1: true, a11: true });
    expect(motion.template.a41).toContain('150');
    expect(motion.suggestions.find((s) => s.field === 'a1')!.reason).toContain('60 分钟');

    const diet = (await blank('diet', p)).data;
    expect(diet.template).toMatchObject({ a1: true, a2: true });
    expect(diet.suggestions.find((s) => s.field === 'a2')!.reason).toContain('9 g');

    const education = (await blank('healthEducation', p)).data;
    expect(education.template).toMatchObject({ a1: true, a3: true });

    const physique = (await blank('physique', p)).data;
    expect(physique.template).toMatchObject({ a1: true, a2: true, a3: true, a4: true });
    for (const text of ['a13', 'a23', 'a33', 'a41']) expect(physique.template[text], text).toContain('痰湿质');
    expect(String(physique.template.a13)).not.toContain('气虚质');
    expect(physique.suggestions.find((s) => s.field === 'a1')!.reason).toContain('痰湿质');

    for (const [k, suggested] of [
      ['loseWeight', lose],
      ['motion', motion],
      ['diet', diet],
      ['healthEducation', education],
      ['physique', physique],
    ] as const) {
      const res = await save(k, suggested.template);
      expect(res.code, `${k}: ${res.message}`).toBe(0);
    }
  });

  it('reads the latest values, follow-ups included, and holds exercise after a danger value', async () => {
    const p = await patient('woman');
    await record('1', p, { testDate: daysAgo(5), fpg: 6.4 });
    await record('2', p, { surveyDate: daysAgo(5), activityDaysPerWeek: 2, activityMinutesPerDay: 30, saltGrams: 5 });
    expect((await blank('healthEducation', p)).data.template.a4).toBe('每6个月复查一次空腹血糖或OGTT 2小时血糖。');
    await record('7', p, { visitDate: daysAgo(0), way: 'clinic', fpg: 8.5 });
    expect((await blank('healthEducation', p)).data.template.a4).toBe('血糖已达到糖尿病诊断切点，请尽快到医院复查确诊。');
    const moving = (await blank('motion', p)).data.template;
    expect([moving.a1, moving.a11]).toEqual([true, true]);
    expect(moving.a42).toContain('运动前后监测血糖');
    await record('7', p, { visitDate: daysAgo(0), way: 'clinic', fpg: 8.6, sbp: 185, dbp: 112 });
    const held = (await blank('motion', p)).data;
    expect([held.template.a1, held.template.a11, held.template.a41]).toEqual([false, false, '']);
    expect(held.template.a42).toContain('暂缓中等及以上强度运动（血压 185/112 mmHg（≥180/110））');
    expect(held.suggestions.map((s) => s.field)).toEqual(['a42']);
    // The English interface gets the reason and the text in English from the same answer.
    expect(held.suggestions[0]?.reasonEn).toMatch(/^blood pressure 185\/112 mmHg \(≥ 180\/110\): exercise postponed, see a doctor first/);
    expect(held.suggestions[0]?.valueEn).toMatch(
      /^Postpone moderate and vigorous exercise \(blood pressure 185\/112 mmHg \(≥ 180\/110\)\)\./,
    );
  });

  it('leaves the acupoints and foods to avoid in pregnancy off the physique sheet, saying so', async () => {
    const p = await patient('woman');
    await record('6', p, { examDate: daysAgo(3), height: 160, weight: 55, pregnancy: 'pregnant' });
    await record('3', p, { assessDate: daysAgo(3), answers: ccmqLeaningTo('yinxu') });
    const sheet = (await blank('physique', p)).data.template;
    expect(sheet.a41).toContain('【安全提示】孕期禁用的穴位');
    expect(
      String(sheet.a41)
        .split('\n')
        .filter((line) => !line.startsWith('【安全提示】'))
        .join(''),
    ).not.toContain('三阴交');
  });

  it('ignores voided records and normal values when suggesting', async () => {
    const p = await patient();
    await record('6', p, { examDate: daysAgo(30), height: 175, weight: 65 });
    const heavy = await record('6', p, { examDate: daysAgo(3), height: 175, weight: 95 });
    expect((await blank('loseWeight', p)).data.template.a31).toBe(true);
    const voided = await t.call({
      method: 'DELETE',
      path: `/api/annex/6/records/${(heavy as { id: number }).id}`,
      token,
      query: { reason: '录入错误' },
    });
    expect(voided.code, voided.message).toBe(0);
    const after = (await blank('loseWeight', p)).data;
    expect(after.template.a31).toBe(false);
    expect(after.suggestions).toEqual([]);
    await record('2', p, { surveyDate: daysAgo(3), activityDaysPerWeek: 5, activityMinutesPerDay: 40 });
    expect((await blank('motion', p)).data.suggestions).toEqual([]);
  });

  it('documents the calls in the OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/prod-api/docs/json' });
    const paths = Object.keys((JSON.parse(res.body) as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/prod-api/prescription/current',
        '/prod-api/prescription/{kind}',
        '/prod-api/prescription/{kind}/blank',
        '/prod-api/prescription/{kind}/history',
        '/prod-api/prescription/{kind}/{id}',
      ]),
    );
  });
});
