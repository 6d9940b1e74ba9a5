import type { OutcomeEffect, OutcomeEstimate, OutcomeGroup, OutcomeMean, OutcomeReport } from '@tcm/contracts/api/outcomes';
import { type DataColumn, DataTable } from '../../components/data-table/DataTable';
import { type GlossaryKey, GlossaryTerm } from './GlossaryTerm';
import { type GroupCell, type GroupRow, GroupTable, ReportSection } from './GroupTable';
import { TooFewNote } from './OutcomeFigure';
import type { OutcomeFormat } from './use-outcome-format';
import { effectVerdict, type VerdictOutcome, verdictText } from './verdict';

type Groups = OutcomeReport['groups'];

/** The outcomes per group: counts with shares, rates, and mean changes with their 95 % CI. */
function outcomeRows(groups: Groups, format: OutcomeFormat): GroupRow[] {
  const { t } = format;
  const both = (cell: (group: OutcomeGroup) => GroupCell) => ({ managed: cell(groups.managed), comparison: cell(groups.comparison) });
  const change = (pick: (group: OutcomeGroup) => OutcomeMean, digits: number) =>
    both((g) => ({ text: format.mean(pick(g), digits, true), n: pick(g).n }));
  return [
    {
      key: 'personYears',
      label: t('outcomes.rows.personYears'),
      term: 'personYears',
      ...both((g) => ({ text: format.number(g.personYears, 1) })),
    },
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
    // How often each group was tested: the managed group's closer schedule finds diabetes sooner.
    ...(groups.managed.testsPerPersonYear !== undefined
      ? [
          {
            key: 'testsPerPersonYear',
            label: t('outcomes.rows.testsPerPersonYear'),
            ...both((g) => ({ text: format.number(g.testsPerPersonYear ?? null, 1) })),
          },
        ]
      : []),
    ...(groups.managed.unconfirmedDiabetic !== undefined
      ? [
          {
            key: 'unconfirmedDiabetic',
            label: t('outcomes.rows.unconfirmedDiabetic'),
            ...both((g) => ({ text: g.unconfirmedDiabetic === undefined ? t('outcomes.none') : format.count(g.unconfirmedDiabetic) })),
          },
        ]
      : []),
  ];
}

type EffectKey =
  | 'progressionRiskRatio'
  | 'hazardRatio'
  | 'progressionRiskDifference'
  | 'nnt'
  | 'reversionRiskRatio'
  | 'weightChangeDifference';

export interface EffectRow {
  key: EffectKey;
  label: string;
  term?: GlossaryKey;
  /** The estimate with its CI; for the hazard ratio also the log-rank P. */
  estimate: string;
  detail?: string;
  /** A correction applied to the estimate (a zero cell), said beside its label. */
  method?: string;
  reading: string;
}

const TERMS: Partial<Record<EffectKey, GlossaryKey>> = {
  progressionRiskRatio: 'riskRatio',
  hazardRatio: 'hazardRatio',
  nnt: 'nnt',
  reversionRiskRatio: 'riskRatio',
};

function pValueText(p: number, format: OutcomeFormat): string {
  return p < 0.001 ? format.t('outcomes.logRankPSmall') : format.t('outcomes.logRankP', { p: format.number(p, 3) });
}

/**
 * The effect estimates of one analysis. The hazard ratio and the NNT are shown once the server gives
 * them (`undefined`: not computed; `null`: not estimable). The 解读 follows each interval.
 */
export function effectRows(effect: OutcomeEffect, groups: Groups, format: OutcomeFormat): EffectRow[] {
  const { t } = format;
  const events = (pick: (group: OutcomeGroup) => number) => ({ managed: pick(groups.managed), comparison: pick(groups.comparison) });
  const progressed = events((g) => g.progressed.count);
  const row = (key: EffectKey, estimate: OutcomeEstimate | undefined, text: string, reading: string): EffectRow => ({
    key,
    label: t(`outcomes.effect.${key}`),
    term: TERMS[key],
    estimate: text,
    method: estimate?.method === 'haldaneAnscombe' ? t('outcomes.haldaneAnscombe') : undefined,
    reading,
  });
  const read = (estimate: OutcomeEstimate | undefined, nullValue: 0 | 1, outcome: VerdictOutcome, counts?: typeof progressed) =>
    verdictText(t, outcome, effectVerdict({ estimate, nullValue, events: counts }));

  const rows: EffectRow[] = [
    row(
      'progressionRiskRatio',
      effect.progressionRiskRatio,
      format.estimate(effect.progressionRiskRatio, 2),
      read(effect.progressionRiskRatio, 1, 'progression', progressed),
    ),
  ];
  if (effect.hazardRatio !== undefined) {
    const hazard = row(
      'hazardRatio',
      effect.hazardRatio,
      format.estimate(effect.hazardRatio, 2),
      read(effect.hazardRatio, 1, 'progression', progressed),
    );
    if (effect.logRankP !== undefined && effect.logRankP !== null) hazard.detail = pValueText(effect.logRankP, format);
    rows.push(hazard);
  }
  // Differences of proportions are shown in percentage points.
  rows.push(
    row(
      'progressionRiskDifference',
      effect.progressionRiskDifference,
      format.estimate(effect.progressionRiskDifference, 1, { signed: true, scale: 100 }),
      read(effect.progressionRiskDifference, 0, 'progression', progressed),
    ),
  );
  if (effect.nnt !== undefined) {
    const difference = effect.progressionRiskDifference;
    const reading =
      effect.nnt === null || difference === null
        ? t('outcomes.verdict.nntNotEstimable')
        : t(difference.value < 0 ? 'outcomes.verdict.nntBenefit' : 'outcomes.verdict.nntHarm', {
            value: format.number(effect.nnt.value, 1),
          });
    rows.push(row('nnt', effect.nnt ?? undefined, format.estimate(effect.nnt, 1), reading));
  }
  rows.push(
    row(
      'reversionRiskRatio',
      effect.reversionRiskRatio,
      format.estimate(effect.reversionRiskRatio, 2),
      read(
        effect.reversionRiskRatio,
        1,
        'reversion',
        events((g) => g.reverted.count),
      ),
    ),
    row(
      'weightChangeDifference',
      effect.weightChangeDifference,
      format.estimate(effect.weightChangeDifference, 1, { signed: true }),
      read(effect.weightChangeDifference, 0, 'weight'),
    ),
  );
  return rows;
}

/** The effect estimates of one analysis as a table: measure, estimate (95% CI), 解读. */
export function EffectTable({
  effect,
  groups,
  format,
  testId,
}: {
  effect: OutcomeEffect;
  groups: Groups;
  format: OutcomeFormat;
  testId: string;
}) {
  const { t } = format;
  const columns: DataColumn<EffectRow>[] = [
    {
      key: 'label',
      title: t('outcomes.measure'),
      rowHeader: true,
      render: (row) => (
        <>
          {row.term ? <GlossaryTerm term={row.term}>{row.label}</GlossaryTerm> : row.label}
          {row.method && (
            <span className="outcome-method" data-testid="outcome-method">
              {row.method}
            </span>
          )}
        </>
      ),
    },
    {
      key: 'estimate',
      title: <GlossaryTerm term="ci">{t('outcomes.estimate')}</GlossaryTerm>,
      render: (row) => (
        <>
          <span className="outcome-value">{row.estimate}</span>
          {row.detail && <span className="outcome-n">{row.detail}</span>}
        </>
      ),
    },
    { key: 'reading', title: t('outcomes.reading'), dataIndex: 'reading', cellAttributes: () => ({ 'data-column': 'reading' }) },
  ];
  return (
    <DataTable<EffectRow>
      className="outcome-table"
      testId={testId}
      rowKey="key"
      size="small"
      bordered
      columns={columns}
      rows={effectRows(effect, groups, format)}
    />
  );
}

/** The outcomes side by side, the effect estimates (managed against comparison) and, for the managed group, symptom efficacy. */
export function OutcomesSection({ report, format }: { report: OutcomeReport; format: OutcomeFormat }) {
  const { t } = format;
  const { managed, comparison } = report.groups;
  const tooFew = format.tooFew({ managed: managed.evaluable, comparison: comparison.evaluable });
  const symptom = managed.symptomEfficacy;
  return (
    <ReportSection
      id="outcomes"
      title={t('outcomes.sections.outcomes')}
      intro={t('outcomes.outcomesIntro', { managed: managed.evaluable, comparison: comparison.evaluable })}
      lead={
        <>
          {tooFew && <TooFewNote text={tooFew} testId="outcomes-too-few" />}
          <GroupTable rows={outcomeRows(report.groups, format)} format={format} testId="outcome-outcomes-table" />
        </>
      }
    >
      <div className="outcome-keep">
        <h4>{t('outcomes.sections.effect')}</h4>
        <EffectTable effect={report.effect} groups={report.groups} format={format} testId="outcome-effect-table" />
      </div>
      <p className="outcome-footnote">{t('outcomes.effectNote')}</p>
      {symptom && (
        <div className="outcome-keep">
          <h4>{t('outcomes.sections.symptom')}</h4>
          <dl className="outcome-symptom" data-testid="outcome-symptom">
            {(['cured', 'marked', 'effective', 'ineffective'] as const).map((band) => (
              <div key={band}>
                <dt>{t(`outcomes.symptom.${band}`)}</dt>
                <dd>{format.count(symptom[band])}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </ReportSection>
  );
}
