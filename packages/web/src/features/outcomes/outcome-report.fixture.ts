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
  // FPG every 15 days or so: many more tests than the comparison group's every 90.
  testsPerPersonYear: 24.2,
  unconfirmedDiabetic: 2,
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
};

const comparison: OutcomeGroup = {
  enrolled: 20,
  prediabetesAtBaseline: 17,
  evaluable: 8,
  personYears: 12,
  testsPerPersonYear: 4,
  unconfirmedDiabetic: 0,
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
};

/*
 * The common-schedule analysis: one of the managed group's progressions was found between the
 * 90-day visits and is not counted. RR = (2/30) / (2/8) = 0.2667; log method
 * SE = √(1/2 − 1/30 + 1/2 − 1/8) = 0.9174, 95% CI exp(ln 0.2667 ± 1.96 × 0.9174) = 0.044 to 1.61.
 */
const commonManaged: OutcomeGroup = {
  ...structuredClone(managed),
  testsPerPersonYear: 4.1,
  progressed: { count: 2, proportion: 2 / 30, per100PersonYears: (2 / 45.5) * 100 },
};
const commonComparison: OutcomeGroup = { ...structuredClone(comparison), testsPerPersonYear: 3.9 };

const REPORT: OutcomeReport = {
  policy: 'intentionToTreat',
  headline: {
    zh: '管理组 3/30 人进展为糖尿病（每100人年 6.6 例），对照组 2/8 人（每100人年 16.7 例）。风险比 HR 0.38（95% CI 0.06–2.30），差异无统计学意义；进展例数少，估计不精确。',
    en: 'In the managed group 3 of 30 patients progressed to diabetes (6.6 per 100 person-years), against 2 of 8 in the comparison group (16.7 per 100 person-years). Hazard ratio 0.38 (95% CI 0.06–2.30): the difference is not statistically significant; with few progressions the estimate is imprecise.',
  },
  groups: { managed, comparison },
  diabeticComparison: { enrolled: 6, followUpOnTime: 0.5, satisfactoryShare: 4 / 6 },
  effect: {
    progressionRiskRatio: { value: 0.4, low: 0.08, high: 2.02, significant: false },
    progressionRiskDifference: { value: -0.15, low: -0.47, high: 0.17, significant: false },
    hazardRatio: { value: 0.38, low: 0.06, high: 2.3, significant: false },
    logRankP: 0.27,
    // The difference's interval crosses 0: no NNT.
    nnt: null,
    /*
     * No comparison patient reverted: 0.5 added to each cell (Haldane–Anscombe),
     * RR = (9.5/30.5) / (0.5/8.5) = 5.30, SE = √(1/9.5 − 1/30.5 + 1/0.5 − 1/8.5) = 1.398,
     * 95% CI 0.34 to 82.0.
     */
    reversionRiskRatio: { value: 5.2951, low: 0.3418, high: 82.03, significant: false, method: 'haldaneAnscombe' },
    // One weight change has no variance: not estimable.
    weightChangeDifference: null,
  },
  sensitivity: {
    commonSchedule: {
      groups: { managed: commonManaged, comparison: commonComparison },
      effect: {
        progressionRiskRatio: { value: 0.2667, low: 0.0442, high: 1.6102, significant: false },
        progressionRiskDifference: { value: -0.1833, low: -0.5, high: 0.12, significant: false },
        hazardRatio: { value: 0.25, low: 0.03, high: 1.9, significant: false },
        logRankP: 0.15,
        nnt: null,
        reversionRiskRatio: { value: 5.2951, low: 0.3418, high: 82.03, significant: false, method: 'haldaneAnscombe' },
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
