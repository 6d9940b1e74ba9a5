import { OUTCOME_MIN_EVALUABLE } from '@tcm/contracts/api/outcome-rules';
import type { OutcomeEstimate, OutcomeMean } from '@tcm/contracts/api/outcomes';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupKey } from './chart-data';
import { type CiTemplate, estimateText, isTooFew, meanText, numberText, percentText, shareText } from './format';

export const GROUPS: readonly GroupKey[] = ['managed', 'comparison'];

/**
 * The report's numbers in the interface language, with the words for what is missing. The same
 * object until the language changes, so charts built from it are rebuilt only then.
 */
export function useOutcomeFormat() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  return useMemo(() => outcomeFormat(t, language), [t, language]);
}

export function outcomeFormat(t: TFunction, language: 'zh-CN' | 'en-US') {
  const ci: CiTemplate = (parts) => t('outcomes.ci', parts);
  const none = t('outcomes.none');
  return {
    t,
    language,
    groupName: (group: GroupKey) => t(`outcomes.groups.${group}`),
    count: (value: number) => numberText(value, language, { digits: 0 }),
    number: (value: number | null, digits: number) => (value === null ? none : numberText(value, language, { digits })),
    percent: (proportion: number | null) => percentText(proportion, language) ?? none,
    share: (share: { count: number; proportion: number | null }) => shareText(share, language),
    mean: (mean: OutcomeMean, digits: number, signed = false) => meanText(mean, language, { digits, signed }, ci) ?? none,
    estimate: (estimate: OutcomeEstimate, digits: number, options: { signed?: boolean; scale?: number } = {}) =>
      estimateText(estimate, language, { digits, ...options }, ci) ?? t('outcomes.notEstimable'),
    /** The warning for a figure resting on fewer than the minimum in a group; null when enough. */
    tooFew: (counts: Record<GroupKey, number>) =>
      isTooFew(Object.values(counts), OUTCOME_MIN_EVALUABLE)
        ? t('outcomes.tooFew', { minimum: OUTCOME_MIN_EVALUABLE, managed: counts.managed, comparison: counts.comparison })
        : null,
    /** The same warning for a figure about one group of `count` patients. */
    tooFewOne: (count: number) =>
      isTooFew([count], OUTCOME_MIN_EVALUABLE) ? t('outcomes.tooFewOne', { minimum: OUTCOME_MIN_EVALUABLE, count }) : null,
  };
}

export type OutcomeFormat = ReturnType<typeof outcomeFormat>;
