import { describe, expect, it } from 'vitest';
import { buildHeadline, type HeadlineAnalysis } from './headline';

/** A hand-built analysis: counts and rates of each group, and the ratios as the report gives them. */
function analysis(
  managed: [progressed: number, evaluable: number, per100: number | null],
  comparison: [progressed: number, evaluable: number, per100: number | null],
  effect: HeadlineAnalysis['effect'],
): HeadlineAnalysis {
  const group = ([count, evaluable, per100PersonYears]: [number, number, number | null]) => ({
    evaluable,
    progressed: { count, proportion: evaluable > 0 ? count / evaluable : null, per100PersonYears },
  });
  return { groups: { managed: group(managed), comparison: group(comparison) }, effect };
}

describe('plain-language headline', () => {
  it('states a significant benefit with its figures when the HR interval lies below 1 and events suffice', () => {
    const headline = buildHeadline(
      analysis([12, 200, 3.1], [30, 190, 8.4], {
        hazardRatio: { value: 0.38, low: 0.2, high: 0.72, significant: true },
        progressionRiskRatio: { value: 0.38, low: 0.2, high: 0.73, significant: true },
      }),
    );
    expect(headline.zh).toBe(
      '管理组 12/200 人进展为糖尿病（每100人年 3.1 例），对照组 30/190 人（每100人年 8.4 例）。风险比 HR 0.38（95% CI 0.20–0.72），管理组进展风险较低，差异有统计学意义。',
    );
    expect(headline.en).toBe(
      'In the managed group 12 of 200 patients progressed to diabetes (3.1 per 100 person-years), against 30 of 190 in the comparison group (8.4 per 100 person-years). Hazard ratio 0.38 (95% CI 0.20–0.72): the managed group progressed less, a statistically significant difference.',
    );
  });

  it('says 差异无统计学意义 and imprecise for RR 0.14 (0.02–1.09) with 1 against 7 events, never "lower risk"', () => {
    const headline = buildHeadline(
      analysis([1, 40, 1.2], [7, 40, 9.0], {
        hazardRatio: null,
        progressionRiskRatio: { value: 0.14, low: 0.02, high: 1.09, significant: false },
      }),
    );
    expect(headline.zh).toContain('相对危险度 RR 0.14（95% CI 0.02–1.09）');
    expect(headline.zh).toContain('差异无统计学意义');
    expect(headline.zh).toContain('估计不精确');
    expect(headline.zh).not.toContain('较低');
    expect(headline.en).toContain('not statistically significant');
    expect(headline.en).toContain('imprecise');
  });

  it('states a significant harm when the interval lies above 1', () => {
    const headline = buildHeadline(
      analysis([40, 100, 20.5], [15, 100, 7.0], {
        hazardRatio: { value: 3.1, low: 1.7, high: 5.6, significant: true },
        progressionRiskRatio: { value: 2.67, low: 1.58, high: 4.5, significant: true },
      }),
    );
    expect(headline.zh).toContain('风险比 HR 3.10（95% CI 1.70–5.60），管理组进展风险较高，差异有统计学意义。');
    expect(headline.zh).not.toContain('不精确');
    expect(headline.en).toContain('the managed group progressed more');
  });

  it('quotes the corrected risk ratio, labelled, when the managed group had no progression', () => {
    const headline = buildHeadline(
      analysis([0, 10, 0], [5, 10, 30.2], {
        hazardRatio: null,
        progressionRiskRatio: { value: 0.0909, low: 0.0057, high: 1.4534, significant: false, method: 'haldaneAnscombe' },
      }),
    );
    expect(headline.zh).toBe(
      '管理组 0/10 人进展为糖尿病（每100人年 0.0 例），对照组 5/10 人（每100人年 30.2 例）。相对危险度 RR 0.09（95% CI 0.01–1.45，各格加0.5校正），差异无统计学意义；有一组进展不足 10 例，估计不精确。',
    );
    expect(headline.en).toContain('Risk ratio (0.5 added to each cell) 0.09 (95% CI 0.01–1.45)');
  });

  it('says the risks cannot be compared when neither group progressed', () => {
    const headline = buildHeadline(analysis([0, 12, 0], [0, 9, 0], { hazardRatio: null, progressionRiskRatio: null }));
    expect(headline.zh).toBe(
      '管理组 0/12 人进展为糖尿病（每100人年 0.0 例），对照组 0/9 人（每100人年 0.0 例）。两组均无人进展，尚不能比较风险。',
    );
    expect(headline.en).toContain('cannot yet be compared');
  });

  it('says 数据不足 when a group has nobody evaluable', () => {
    const headline = buildHeadline(analysis([2, 15, 6.0], [0, 0, null], { hazardRatio: null, progressionRiskRatio: null }));
    expect(headline.zh).toBe('数据不足：管理组可评价 15 人，对照组可评价 0 人，尚不能比较两组进展为糖尿病的风险。');
    expect(headline.en).toMatch(/^Insufficient data: 15 managed and 0 comparison patients/);
  });

  it('omits a rate that has no person-time', () => {
    const headline = buildHeadline(
      analysis([1, 3, null], [2, 4, 50], {
        hazardRatio: null,
        progressionRiskRatio: { value: 0.67, low: 0.1, high: 4.4, significant: false },
      }),
    );
    expect(headline.zh).toMatch(/^管理组 1\/3 人进展为糖尿病，对照组 2\/4 人（每100人年 50\.0 例）。/);
  });
});
