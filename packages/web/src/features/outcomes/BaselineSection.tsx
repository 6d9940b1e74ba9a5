import type { OutcomeGroup, OutcomeMean } from '@tcm/contracts/api/outcomes';
import { type GroupCell, type GroupRow, GroupTable, ReportSection } from './GroupTable';
import type { OutcomeFormat } from './use-outcome-format';

type Groups = { managed: OutcomeGroup; comparison: OutcomeGroup };

/** Table 1: who is in each group and what they looked like at baseline. */
export function BaselineSection({ groups, format }: { groups: Groups; format: OutcomeFormat }) {
  const { t } = format;
  const both = (cell: (group: OutcomeGroup) => GroupCell) => ({ managed: cell(groups.managed), comparison: cell(groups.comparison) });
  const count = (pick: (group: OutcomeGroup) => number) => both((group) => ({ text: format.count(pick(group)) }));
  const mean = (pick: (group: OutcomeGroup) => OutcomeMean, digits: number) =>
    both((group) => ({ text: format.mean(pick(group), digits), n: pick(group).n }));
  const rows: GroupRow[] = [
    { key: 'enrolled', label: t('outcomes.rows.enrolled'), ...count((g) => g.enrolled) },
    // The flow from enrolment to the outcome population, then the baseline itself.
    { key: 'withBaseline', label: t('outcomes.rows.withBaseline'), ...count((g) => g.baseline.withBaseline) },
    { key: 'prediabetesAtBaseline', label: t('outcomes.rows.prediabetesAtBaseline'), ...count((g) => g.prediabetesAtBaseline) },
    { key: 'evaluable', label: t('outcomes.rows.evaluable'), term: 'evaluable', ...count((g) => g.evaluable) },
    { key: 'age', label: t('outcomes.rows.age'), ...mean((g) => g.baseline.age, 1) },
    // The share of men is over those with a baseline measurement.
    { key: 'male', label: t('outcomes.rows.male'), ...both((g) => ({ text: format.share(g.baseline.male), n: g.baseline.withBaseline })) },
    { key: 'bmi', label: t('outcomes.rows.bmi'), ...mean((g) => g.baseline.bmi, 1) },
    { key: 'fpg', label: t('outcomes.rows.fpg'), ...mean((g) => g.baseline.fpg, 2) },
    { key: 'ogtt2h', label: t('outcomes.rows.ogtt2h'), ...mean((g) => g.baseline.ogtt2h, 2) },
    { key: 'hba1c', label: t('outcomes.rows.hba1c'), ...mean((g) => g.baseline.hba1c, 2) },
  ];
  return (
    <ReportSection id="baseline" title={t('outcomes.sections.baseline')} intro={t('outcomes.baselineIntro')}>
      <GroupTable rows={rows} format={format} testId="outcome-baseline-table" />
    </ReportSection>
  );
}
