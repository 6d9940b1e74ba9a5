import type { OutcomeGroup, OutcomeMean, OutcomeReport } from '@tcm/contracts/api/outcomes';
import { type DataColumn, DataTable } from '../../components/data-table/DataTable';
import { type GroupCell, type GroupRow, GroupTable, ReportSection } from './GroupTable';
import { TooFewNote } from './OutcomeFigure';
import type { OutcomeFormat } from './use-outcome-format';

type Groups = OutcomeReport['groups'];

/** The outcomes per group: counts with shares, rates, and mean changes with their 95 % CI. */
function outcomeRows(groups: Groups, format: OutcomeFormat): GroupRow[] {
  const { t } = format;
  const both = (cell: (group: OutcomeGroup) => GroupCell) => ({ managed: cell(groups.managed), comparison: cell(groups.comparison) });
  const change = (pick: (group: OutcomeGroup) => OutcomeMean, digits: number) =>
    both((g) => ({ text: format.mean(pick(g), digits, true), n: pick(g).n }));
  return [
    { key: 'personYears', label: t('outcomes.rows.personYears'), ...both((g) => ({ text: format.number(g.personYears, 1) })) },
    { key: 'progressed', label: t('outcomes.rows.progressed'), ...both((g) => ({ text: format.share(g.progressed), n: g.evaluable })) },
    {
      key: 'per100PersonYears',
      label: t('outcomes.rows.per100PersonYears'),
      ...both((g) => ({ text: format.number(g.progressed.per100PersonYears, 2) })),
    },
    { key: 'reverted', label: t('outcomes.rows.reverted'), ...both((g) => ({ text: format.share(g.reverted), n: g.evaluable })) },
    { key: 'weightChangePercent', label: t('outcomes.rows.weightChangePercent'), ...change((g) => g.weightChangePercent, 1) },
    // The share losing 5 % is over those with two weights, the same patients as the mean change.
    {
      key: 'weightLoss5',
      label: t('outcomes.rows.weightLoss5'),
      ...both((g) => ({ text: format.share(g.weightLoss5), n: g.weightChangePercent.n })),
    },
    { key: 'fpgChange', label: t('outcomes.rows.fpgChange'), ...change((g) => g.fpgChange, 2) },
    { key: 'ogtt2hChange', label: t('outcomes.rows.ogtt2hChange'), ...change((g) => g.ogtt2hChange, 2) },
    { key: 'hba1cChange', label: t('outcomes.rows.hba1cChange'), ...change((g) => g.hba1cChange, 2) },
    { key: 'hba1cDrop02', label: t('outcomes.rows.hba1cDrop02'), ...both((g) => ({ text: format.share(g.hba1cDrop02), n: g.evaluable })) },
    { key: 'followUpOnTime', label: t('outcomes.rows.followUpOnTime'), ...both((g) => ({ text: format.percent(g.followUpOnTime) })) },
  ];
}

interface EffectRow {
  key: 'progressionRiskRatio' | 'progressionRiskDifference' | 'reversionRiskRatio' | 'weightChangeDifference';
  label: string;
  estimate: string;
  reading: string;
}

function effectRows(effect: OutcomeReport['effect'], format: OutcomeFormat): EffectRow[] {
  const { t } = format;
  const row = (key: EffectRow['key'], text: string): EffectRow => ({
    key,
    label: t(`outcomes.effect.${key}`),
    estimate: text,
    reading: t(`outcomes.effectReading.${key}`),
  });
  return [
    row('progressionRiskRatio', format.estimate(effect.progressionRiskRatio, 2)),
    // Differences of proportions are shown in percentage points.
    row('progressionRiskDifference', format.estimate(effect.progressionRiskDifference, 1, { signed: true, scale: 100 })),
    row('reversionRiskRatio', format.estimate(effect.reversionRiskRatio, 2)),
    row('weightChangeDifference', format.estimate(effect.weightChangeDifference, 1, { signed: true })),
  ];
}

/** The outcomes side by side, the effect estimates (managed against comparison) and, for the managed group, symptom efficacy. */
export function OutcomesSection({ report, format }: { report: OutcomeReport; format: OutcomeFormat }) {
  const { t } = format;
  const { managed, comparison } = report.groups;
  const tooFew = format.tooFew({ managed: managed.evaluable, comparison: comparison.evaluable });
  const effectColumns: DataColumn<EffectRow>[] = [
    { key: 'label', title: t('outcomes.measure'), dataIndex: 'label', rowHeader: true },
    { key: 'estimate', title: t('outcomes.estimate'), dataIndex: 'estimate', cellAttributes: () => ({ className: 'outcome-value' }) },
    { key: 'reading', title: t('outcomes.reading'), dataIndex: 'reading' },
  ];
  const symptom = managed.symptomEfficacy;
  return (
    <ReportSection
      id="outcomes"
      title={t('outcomes.sections.outcomes')}
      intro={t('outcomes.outcomesIntro', { managed: managed.evaluable, comparison: comparison.evaluable })}
    >
      {tooFew && <TooFewNote text={tooFew} testId="outcomes-too-few" />}
      <GroupTable rows={outcomeRows(report.groups, format)} format={format} testId="outcome-outcomes-table" />
      <h4>{t('outcomes.sections.effect')}</h4>
      <DataTable<EffectRow>
        className="outcome-table"
        testId="outcome-effect-table"
        rowKey="key"
        size="small"
        bordered
        columns={effectColumns}
        rows={effectRows(report.effect, format)}
      />
      <p className="outcome-footnote">{t('outcomes.effectNote')}</p>
      {symptom && (
        <>
          <h4>{t('outcomes.sections.symptom')}</h4>
          <dl className="outcome-symptom" data-testid="outcome-symptom">
            {(['cured', 'marked', 'effective', 'ineffective'] as const).map((band) => (
              <div key={band}>
                <dt>{t(`outcomes.symptom.${band}`)}</dt>
                <dd>{format.count(symptom[band])}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </ReportSection>
  );
}
