import type { OutcomeGroup, OutcomeReport } from '@tcm/contracts/api/outcomes';

/*
 * A report built by hand for the component tests (never by the code under test): a managed group
 * large enough to evaluate and a comparison group of 8 evaluable patients, below the minimum of 10.
 */

const managed: OutcomeGroup = {
  enrolled: 40,
  prediabetesAtBaseline: 34,
  evaluable: 30,
  personYears: 45.5,
  baseline: {
    withBaseline: 38,
    age: { n: 38, mean: 56.23, low: 54.1, high: 58.36 },
    male: { count: 15, proportion: 15 / 38 },
    bmi: { n: 38, mean: 25.44, low: 24.61, high: 26.27 },
    fpg: { n: 38, mean: 6.32, low: 6.18, high: 6.46 },
    ogtt2h: { n: 30, mean: 8.9, low: 8.5, high: 9.3 },
    hba1c: { n: 20, mean: 6.05, low: 5.95, high: 6.15 },
  },
  // 3 of 30 evaluable; 3 / 45.5 person-years × 100 = 6.593…
  progressed: { count: 3, proportion: 0.1, per100PersonYears: 6.593406593406593 },
  reverted: { count: 9, proportion: 0.3 },
  weightChangePercent: { n: 25, mean: -3.24, low: -4.1, high: -2.38 },
  weightLoss5: { count: 8, proportion: 0.32 },
  fpgChange: { n: 28, mean: -0.35, low: -0.5, high: -0.2 },
  ogtt2hChange: { n: 20, mean: -0.8, low: -1.2, high: -0.4 },
  hba1cChange: { n: 15, mean: -0.21, low: -0.3, high: -0.12 },
  hba1cDrop02: { count: 7, proportion: 7 / 30 },
  followUpOnTime: 0.85,
  constitution: {
    n: 26,
    baseline: { pinghe: 5, qixu: 12, yangxu: 3, yinxu: 4, tanshi: 10, shire: 6, xueyu: 2, qiyu: 3, tebing: 1 },
    latest: { pinghe: 11, qixu: 8, yangxu: 3, yinxu: 3, tanshi: 6, shire: 4, xueyu: 2, qiyu: 2, tebing: 1 },
  },
  symptomEfficacy: { cured: 2, marked: 6, effective: 10, ineffective: 4 },
  unconfirmedDiabetic: 0,
  testsPerPersonYear: null,
};

const comparison: OutcomeGroup = {
  enrolled: 20,
  prediabetesAtBaseline: 17,
  evaluable: 8,
  personYears: 12,
  baseline: {
    withBaseline: 19,
    age: { n: 19, mean: 58.1, low: 55.2, high: 61 },
    male: { count: 9, proportion: 9 / 19 },
    bmi: { n: 19, mean: 25.9, low: 24.7, high: 27.1 },
    fpg: { n: 19, mean: 6.4, low: 6.2, high: 6.6 },
    ogtt2h: { n: 12, mean: 9.1, low: 8.6, high: 9.6 },
    hba1c: { n: 0, mean: null, low: null, high: null },
  },
  progressed: { count: 2, proportion: 0.25, per100PersonYears: (2 / 12) * 100 },
  reverted: { count: 0, proportion: 0 },
  // One patient with two weights: a mean without a CI.
  weightChangePercent: { n: 1, mean: 0.5, low: null, high: null },
  weightLoss5: { count: 0, proportion: 0 },
  fpgChange: { n: 0, mean: null, low: null, high: null },
  ogtt2hChange: { n: 0, mean: null, low: null, high: null },
  hba1cChange: { n: 0, mean: null, low: null, high: null },
  hba1cDrop02: { count: 0, proportion: 0 },
  followUpOnTime: null,
  constitution: {
    n: 9,
    baseline: { pinghe: 2, qixu: 6, yangxu: 1, yinxu: 2, tanshi: 5, shire: 3, xueyu: 1, qiyu: 1, tebing: 0 },
    latest: { pinghe: 2, qixu: 6, yangxu: 1, yinxu: 2, tanshi: 6, shire: 3, xueyu: 1, qiyu: 1, tebing: 0 },
  },
  symptomEfficacy: null,
  unconfirmedDiabetic: 0,
  testsPerPersonYear: null,
};

const REPORT: OutcomeReport = {
  policy: 'intentionToTreat',
  groups: { managed, comparison },
  diabeticComparison: { enrolled: 6, followUpOnTime: 0.5, satisfactoryShare: 4 / 6 },
  effect: {
    progressionRiskRatio: { value: 0.4, low: 0.08, high: 2.02, significant: false },
    progressionRiskDifference: { value: -0.15, low: -0.47, high: 0.17, significant: false },
    // No comparison patient reverted, and one weight change has no variance: not estimable.
    reversionRiskRatio: null,
    weightChangeDifference: null,
  },
  // The fixture's sensitivity analysis repeats the main one (the page's own tests set their figures).
  sensitivity: {
    commonSchedule: {
      groups: { managed, comparison },
      effect: {
        progressionRiskRatio: { value: 0.4, low: 0.08, high: 2.02, significant: false },
        progressionRiskDifference: { value: -0.15, low: -0.47, high: 0.17, significant: false },
        reversionRiskRatio: null,
        weightChangeDifference: null,
      },
    },
  },
  survival: {
    managed: [
      { day: 0, survival: 1, atRisk: 30 },
      { day: 120, survival: 0.9667, atRisk: 28 },
      { day: 200, survival: 0.9, atRisk: 20 },
    ],
    comparison: [
      { day: 90, survival: 0.875, atRisk: 8 },
      { day: 180, survival: 0.75, atRisk: 6 },
    ],
  },
  byInstitution: [
    {
      institutionId: 1,
      name: '城东社区卫生服务中心',
      managed: { enrolled: 25, baselineComplete: 24, followUpOnTime: 0.9, evaluable: 20, progressed: 1, reverted: 7 },
      comparison: { enrolled: 12, baselineComplete: 11, followUpOnTime: null, evaluable: 5, progressed: 1, reverted: 0 },
    },
    {
      institutionId: 2,
      name: '城西社区卫生服务中心',
      managed: { enrolled: 15, baselineComplete: 14, followUpOnTime: 0.75, evaluable: 10, progressed: 2, reverted: 2 },
      comparison: { enrolled: 8, baselineComplete: 8, followUpOnTime: 0.6, evaluable: 3, progressed: 1, reverted: 0 },
    },
  ],
};

/** A fresh copy of the hand-built report (tests may change it). */
export function outcomeReportFixture(): OutcomeReport {
  return structuredClone(REPORT);
}
