import type { OutcomeReport } from '@tcm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import oracle from '../src/modules/outcomes/oracle-fixture.json';
import { databaseKinds } from './support/databases';
import {
  type AccountFixture,
  addComparisonMember,
  backdateEnrolment,
  createAdmin,
  createDoctor,
  daysAgo,
  enrolPatient,
  loginAs,
} from './support/factories';
import { createTestApp, INSTITUTION_A, INSTITUTION_B, type TestApp } from './support/test-app';

/**
 * The report's effect estimates over two small cohorts built through the API, one per institution.
 * Every patient is enrolled 400 days ago with a baseline annex 1 that day (FPG 6.4, IFG), so time
 * zero is the same under either reading of it; a progression is a follow-up with FPG 7.5 and HbA1c
 * 6.8 in one sitting (confirmed by two tests), a censoring a follow-up with FPG 6.2 (still IFG).
 * Days below count from enrolment.
 *
 *   Institution A  managed:    events day 100, 200; censored 200, 300, 300, 300
 *                  comparison: events day 100, 200, 200, 300; censored 200, 300
 *   Institution B  managed:    censored day 300 × 8 (no progression: a zero cell)
 *                  comparison: events day 90, 90, 180, 180, 270, 300; censored 300, 300
 *
 * Expected values are worked by hand (arithmetic beside them) or, for the Cox fit and the log-rank
 * p, taken from the statsmodels fixture (scripts/outcome-oracle.py), whose cohorts are these.
 */

const ENROLLED_DAYS_AGO = 400;

type Member = [day: number, event: boolean];
const COHORTS: Record<'A' | 'B', { managed: Member[]; comparison: Member[] }> = {
  A: {
    managed: [
      [100, true],
      [200, false],
      [300, false],
      [200, true],
      [300, false],
      [300, false],
    ],
    comparison: [
      [100, true],
      [200, true],
      [200, true],
      [200, false],
      [300, true],
      [300, false],
    ],
  },
  B: {
    managed: Array.from({ length: 8 }, (): Member => [300, false]),
    comparison: [
      [90, true],
      [90, true],
      [180, true],
      [180, true],
      [270, true],
      [300, true],
      [300, false],
      [300, false],
    ],
  },
};

const asPatients = (cohort: { managed: Member[]; comparison: Member[] }) => [
  ...cohort.managed.map(([day, event]) => ({ managed: true, day, event })),
  ...cohort.comparison.map(([day, event]) => ({ managed: false, day, event })),
];

describe.each(databaseKinds())('outcome effect estimates on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;

  async function build(doctor: AccountFixture, cohort: { managed: Member[]; comparison: Member[] }) {
    const token = await loginAs(t, doctor);
    const institutionId = doctor.institutionId!;
    const save = async (annex: string, patientId: number, data: Record<string, unknown>) => {
      const res = await t.call({ method: 'POST', path: `/api/annex/${annex}/records`, token, body: { patientId, data } });
      if (res.code !== 0) throw new Error(`annex ${annex} for patient ${patientId}: ${res.code} ${res.message}`);
    };
    const follow = async (patientId: number, [day, event]: Member) => {
      await backdateEnrolment(t, patientId, daysAgo(ENROLLED_DAYS_AGO));
      await save('1', patientId, { testDate: daysAgo(ENROLLED_DAYS_AGO), fpg: 6.4 });
      const values = event ? { fpg: 7.5, hba1c: 6.8 } : { fpg: 6.2 };
      await save('7', patientId, { visitDate: daysAgo(ENROLLED_DAYS_AGO - day), way: 'clinic', ...values });
    };
    for (const member of cohort.managed) {
      await follow((await enrolPatient(t, token, { institutionId })).id, member);
    }
    for (const member of cohort.comparison) {
      await follow((await addComparisonMember(t, token, { institutionId, role: 0 })).id, member);
    }
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    adminToken = await loginAs(t, await createAdmin(t));
    await build(await createDoctor(t, { institutionId: INSTITUTION_A }), COHORTS.A);
    await build(await createDoctor(t, { institutionId: INSTITUTION_B }), COHORTS.B);
  });
  afterAll(async () => {
    await t?.close();
  });

  const report = async (institutionId: number) => {
    const res = await t.call<OutcomeReport>({
      method: 'GET',
      path: '/api/programme/outcomes',
      token: adminToken,
      query: { institutionId },
    });
    expect(res.code, res.message).toBe(0);
    return res.data;
  };

  it('builds the cohorts the oracle fixture computed', () => {
    expect(asPatients(COHORTS.A)).toEqual(oracle.cohorts.apiInstitutionA.patients);
    expect(asPatients(COHORTS.B)).toEqual(oracle.logRankOnly.apiInstitutionB.patients);
  });

  it('reports the hazard ratio, log-rank p and a non-significant verdict when events are in both groups', async () => {
    const r = await report(INSTITUTION_A);
    expect([r.groups.managed.evaluable, r.groups.managed.progressed.count]).toEqual([6, 2]);
    expect([r.groups.comparison.evaluable, r.groups.comparison.progressed.count]).toEqual([6, 4]);
    const { effect } = r;
    const cox = oracle.cohorts.apiInstitutionA.cox;
    expect(effect.hazardRatio!.value).toBeCloseTo(cox.hazardRatio, 6);
    expect(effect.hazardRatio!.low).toBeCloseTo(cox.low, 6);
    expect(effect.hazardRatio!.high).toBeCloseTo(cox.high, 6);
    expect(effect.hazardRatio!.significant).toBe(false);
    // Log-rank by hand: day 100 E = 2·6/12 = 1, V = 2·¼·10/11; day 200 E = 3·5/10, V = 3·¼·7/9;
    // day 300 E = 3/5, V = 0.6·0.4; O − E = 2 − 3.1, χ² = 1.21/1.277879 = 0.946882, p = 0.330514.
    expect(effect.logRankP).toBeCloseTo(0.330514, 6);
    expect(effect.logRankP).toBeCloseTo(oracle.cohorts.apiInstitutionA.logRank.p, 9);
    // RR (2/6)/(4/6) = 0.5, SE = √(1/2 − 1/6 + 1/4 − 1/6) = 0.645497: 0.141098 to 1.771814, no correction.
    expect(effect.progressionRiskRatio).toEqual({
      value: expect.closeTo(0.5, 9),
      low: expect.closeTo(0.141098, 5),
      high: expect.closeTo(1.771814, 5),
      significant: false,
    });
    // Newcombe: Wilson 2/6 = 0.096771–0.700007, 4/6 = 0.299993–0.903229;
    // −1/3 − √(0.236562² + 0.236562²) = −0.667882, −1/3 + √(0.366673² + 0.366673²) = 0.185221:
    // includes 0, so no NNT.
    expect(effect.progressionRiskDifference).toEqual({
      value: expect.closeTo(-1 / 3, 9),
      low: expect.closeTo(-0.667882, 5),
      high: expect.closeTo(0.185221, 5),
      significant: false,
    });
    expect(effect.nnt).toBeNull();
    // No reversion in either group (the censoring value is still IFG): not estimable.
    expect(effect.reversionRiskRatio).toBeNull();
    // Person-years 1400/365.25 = 3.832991 and 1300/365.25 = 3.559206: 52.2 and 112.4 per 100.
    expect(r.headline).toEqual({
      zh: '管理组 2/6 人进展为糖尿病（每100人年 52.2 例），对照组 4/6 人（每100人年 112.4 例）。风险比 HR 0.47（95% CI 0.08–2.55），差异无统计学意义；有一组进展不足 10 例，估计不精确。',
      en: 'In the managed group 2 of 6 patients progressed to diabetes (52.2 per 100 person-years), against 4 of 6 in the comparison group (112.4 per 100 person-years). Hazard ratio 0.47 (95% CI 0.08–2.55): the difference is not statistically significant; with fewer than 10 progressions in a group the estimate is imprecise.',
    });
  });

  it('corrects the zero cell (Haldane–Anscombe), gives a significant difference with its NNT, and no hazard ratio', async () => {
    const r = await report(INSTITUTION_B);
    expect([r.groups.managed.evaluable, r.groups.managed.progressed.count]).toEqual([8, 0]);
    expect([r.groups.comparison.evaluable, r.groups.comparison.progressed.count]).toEqual([8, 6]);
    const { effect } = r;
    // (0.5/9)/(6.5/9) = 1/13; SE = √(1/0.5 − 1/9 + 1/6.5 − 1/9) = 1.389829: 0.005047 to 1.172414.
    expect(effect.progressionRiskRatio).toEqual({
      value: expect.closeTo(1 / 13, 9),
      low: expect.closeTo(0.005047, 6),
      high: expect.closeTo(1.172414, 6),
      significant: false,
      method: 'haldaneAnscombe',
    });
    // Newcombe: Wilson 0/8 = 0–0.324410, 6/8 = 0.409275–0.928521;
    // −0.75 − √(0 + 0.178521²) = −0.928521, −0.75 + √(0.324410² + 0.340725²) = −0.279539.
    expect(effect.progressionRiskDifference).toEqual({
      value: expect.closeTo(-0.75, 9),
      low: expect.closeTo(-0.928521, 5),
      high: expect.closeTo(-0.279539, 5),
      significant: true,
    });
    // NNT 1/0.75 = 1.333333 (benefit: the difference is negative), 1/0.928521 to 1/0.279539.
    expect(effect.nnt).toEqual({
      value: expect.closeTo(4 / 3, 9),
      low: expect.closeTo(1.076982, 5),
      high: expect.closeTo(3.577318, 5),
      significant: true,
    });
    // No managed progression: the Cox estimate is infinite; the log-rank test still applies:
    // O − E = 0 − 3.536797, V = 1.339355, χ² = 9.3395, p = 0.002243.
    expect(effect.hazardRatio).toBeNull();
    expect(effect.logRankP).toBeCloseTo(0.002243, 6);
    expect(effect.logRankP).toBeCloseTo(oracle.logRankOnly.apiInstitutionB.logRank.p, 9);
    // Person-years 2400/365.25 and 1710/365.25 = 4.681725: 0.0 and 128.2 per 100.
    expect(r.headline!.zh).toBe(
      '管理组 0/8 人进展为糖尿病（每100人年 0.0 例），对照组 6/8 人（每100人年 128.2 例）。相对危险度 RR 0.08（95% CI 0.01–1.17，各格加0.5校正），差异无统计学意义；有一组进展不足 10 例，估计不精确。',
    );
    expect(r.headline!.en).toContain('Risk ratio (0.5 added to each cell) 0.08 (95% CI 0.01–1.17)');
  });

  it('says 数据不足 when a group has nobody evaluable', async () => {
    const res = await t.call<OutcomeReport>({
      method: 'GET',
      path: '/api/programme/outcomes',
      token: adminToken,
      query: { institutionId: INSTITUTION_A, from: daysAgo(10), to: daysAgo(0) },
    });
    expect(res.code, res.message).toBe(0);
    expect(res.data.headline!.zh).toBe('数据不足：管理组可评价 0 人，对照组可评价 0 人，尚不能比较两组进展为糖尿病的风险。');
    expect(res.data.effect).toMatchObject({ hazardRatio: null, logRankP: null, nnt: null });
  });
});
