import { OUTCOME_MIN_EVENTS_FOR_PRECISION, type OutcomeEffect, type OutcomeEstimate, type OutcomeGroup } from '@tcm/contracts';

/**
 * The report's plain-language headline: one or two sentences a health-bureau manager can quote,
 * written from the figures of one analysis, in Chinese and English. It never claims more than the
 * interval allows: a ratio whose interval includes 1 reads "not statistically significant" whatever
 * its value, fewer than MIN_EVENTS_FOR_PRECISION progressions in a group adds "imprecise", and a group
 * with nobody evaluable reads "insufficient data".
 */

/** Below this many progressions in a group, a ratio's interval is too wide to read as a finding. */
/** The web's verdicts use the same threshold (contracts outcome-rules.ts). */
export const MIN_EVENTS_FOR_PRECISION = OUTCOME_MIN_EVENTS_FOR_PRECISION;

type HeadlineGroup = Pick<OutcomeGroup, 'evaluable' | 'progressed'>;

export interface HeadlineAnalysis {
  groups: { managed: HeadlineGroup; comparison: HeadlineGroup };
  effect: Pick<OutcomeEffect, 'hazardRatio' | 'progressionRiskRatio'>;
}

export interface Headline {
  zh: string;
  en: string;
}

const ratio = (value: number) => value.toFixed(2);
const rate = (value: number) => value.toFixed(1);

const zhRate = (group: HeadlineGroup) =>
  group.progressed.per100PersonYears === null ? '' : `（每100人年 ${rate(group.progressed.per100PersonYears)} 例）`;
const enRate = (group: HeadlineGroup) =>
  group.progressed.per100PersonYears === null ? '' : ` (${rate(group.progressed.per100PersonYears)} per 100 person-years)`;

/** The measure the headline quotes: the Cox hazard ratio, or the risk ratio when no hazard ratio is estimable. */
function measureOf(effect: HeadlineAnalysis['effect']): { kind: 'hr' | 'rr'; estimate: NonNullable<OutcomeEstimate> } | null {
  if (effect.hazardRatio) return { kind: 'hr', estimate: effect.hazardRatio };
  if (effect.progressionRiskRatio) return { kind: 'rr', estimate: effect.progressionRiskRatio };
  return null;
}

function verdict(estimate: NonNullable<OutcomeEstimate>): { zh: string; en: string } {
  if (!estimate.significant) return { zh: '差异无统计学意义', en: 'the difference is not statistically significant' };
  return estimate.value < 1
    ? { zh: '管理组进展风险较低，差异有统计学意义', en: 'the managed group progressed less, a statistically significant difference' }
    : { zh: '管理组进展风险较高，差异有统计学意义', en: 'the managed group progressed more, a statistically significant difference' };
}

export function buildHeadline(analysis: HeadlineAnalysis): Headline {
  const { managed, comparison } = analysis.groups;
  if (managed.evaluable === 0 || comparison.evaluable === 0) {
    return {
      zh: `数据不足：管理组可评价 ${managed.evaluable} 人，对照组可评价 ${comparison.evaluable} 人，尚不能比较两组进展为糖尿病的风险。`,
      en: `Insufficient data: ${managed.evaluable} managed and ${comparison.evaluable} comparison patients are evaluable, too few to compare progression to diabetes.`,
    };
  }
  const counts = {
    zh: `管理组 ${managed.progressed.count}/${managed.evaluable} 人进展为糖尿病${zhRate(managed)}，对照组 ${comparison.progressed.count}/${comparison.evaluable} 人${zhRate(comparison)}。`,
    en: `In the managed group ${managed.progressed.count} of ${managed.evaluable} patients progressed to diabetes${enRate(managed)}, against ${comparison.progressed.count} of ${comparison.evaluable} in the comparison group${enRate(comparison)}.`,
  };
  if (managed.progressed.count === 0 && comparison.progressed.count === 0) {
    return {
      zh: `${counts.zh}两组均无人进展，尚不能比较风险。`,
      en: `${counts.en} With no progression in either group the risks cannot yet be compared.`,
    };
  }
  const measure = measureOf(analysis.effect);
  if (measure === null) {
    return { zh: `${counts.zh}两组风险之比无法估计。`, en: `${counts.en} The ratio of the risks is not estimable.` };
  }
  const { value, low, high, method } = measure.estimate;
  const corrected = method === 'haldaneAnscombe';
  const name =
    measure.kind === 'hr'
      ? { zh: '风险比 HR', en: 'Hazard ratio' }
      : { zh: '相对危险度 RR', en: corrected ? 'Risk ratio (0.5 added to each cell)' : 'Risk ratio' };
  const interval = {
    zh: `${ratio(value)}（95% CI ${ratio(low)}–${ratio(high)}${corrected ? '，各格加0.5校正' : ''}）`,
    en: `${ratio(value)} (95% CI ${ratio(low)}–${ratio(high)})`,
  };
  const judgement = verdict(measure.estimate);
  const imprecise = Math.min(managed.progressed.count, comparison.progressed.count) < MIN_EVENTS_FOR_PRECISION;
  const caution = imprecise
    ? {
        zh: `；有一组进展不足 ${MIN_EVENTS_FOR_PRECISION} 例，估计不精确`,
        en: `; with fewer than ${MIN_EVENTS_FOR_PRECISION} progressions in a group the estimate is imprecise`,
      }
    : { zh: '', en: '' };
  return {
    zh: `${counts.zh}${name.zh} ${interval.zh}，${judgement.zh}${caution.zh}。`,
    en: `${counts.en} ${name.en} ${interval.en}: ${judgement.en}${caution.en}.`,
  };
}
