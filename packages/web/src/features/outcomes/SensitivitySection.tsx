import type { OutcomeEffect, OutcomeGroup, OutcomeReport } from '@tcm/contracts/api/outcomes';
import { type DataColumn, DataTable } from '../../components/data-table/DataTable';
import type { GroupKey } from './chart-data';
import { GlossaryTerm } from './GlossaryTerm';
import { ReportSection } from './GroupTable';
import { effectRows } from './OutcomesSection';
import { GROUPS, type OutcomeFormat } from './use-outcome-format';

type Groups = { managed: OutcomeGroup; comparison: OutcomeGroup };
type Analysis = { groups: Groups; effect: OutcomeEffect };

interface SensitivityRow {
  key: string;
  label: string;
  all: string;
  common: string;
}

function groupRows(all: Groups, common: Groups, format: OutcomeFormat): SensitivityRow[] {
  const { t } = format;
  return GROUPS.flatMap((group: GroupKey) => {
    const name = format.groupName(group);
    const row = (
      key: 'progressed' | 'per100PersonYears' | 'testsPerPersonYear' | 'unconfirmedDiabetic',
      pick: (g: OutcomeGroup) => string,
    ): SensitivityRow => ({
      key: `${group}.${key}`,
      label: t(`outcomes.sensitivity.${key}`, { group: name }),
      all: pick(all[group]),
      common: pick(common[group]),
    });
    return [
      row('progressed', (g) => format.share(g.progressed)),
      row('per100PersonYears', (g) => format.number(g.progressed.per100PersonYears, 2)),
      row('testsPerPersonYear', (g) => format.number(g.testsPerPersonYear ?? null, 1)),
      row('unconfirmedDiabetic', (g) => (g.unconfirmedDiabetic === undefined ? t('outcomes.none') : format.count(g.unconfirmedDiabetic))),
    ];
  });
}

/** The estimates of both analyses side by side, the common schedule's verdict read as the summary reads it. */
function effectPairs(all: Analysis, common: Analysis, format: OutcomeFormat): SensitivityRow[] {
  const commonRows = new Map(effectRows(common.effect, common.groups, format).map((row) => [row.key, row]));
  return effectRows(all.effect, all.groups, format)
    .filter((row) => row.key !== 'weightChangeDifference')
    .map((row) => {
      const other = commonRows.get(row.key);
      return {
        key: row.key,
        label: row.label,
        all: row.estimate,
        common: other
          ? format.t('outcomes.sensitivity.withReading', { estimate: other.estimate, reading: other.reading })
          : format.t('outcomes.none'),
      };
    });
}

/**
 * The sensitivity analysis at the protocol's common schedule beside the all-measurement figures: the
 * managed group's closer testing cannot find diabetes sooner in it. The summary quotes this analysis.
 */
export function SensitivitySection({ report, format }: { report: OutcomeReport; format: OutcomeFormat }) {
  const { t } = format;
  const commonSchedule = report.sensitivity?.commonSchedule;
  if (!commonSchedule) return null;
  const all = { groups: report.groups, effect: report.effect };
  const rows = [...groupRows(report.groups, commonSchedule.groups, format), ...effectPairs(all, commonSchedule, format)];
  const columns: DataColumn<SensitivityRow>[] = [
    { key: 'label', title: t('outcomes.sensitivity.measure'), dataIndex: 'label', rowHeader: true },
    { key: 'all', title: t('outcomes.sensitivity.all'), dataIndex: 'all', cellAttributes: () => ({ 'data-analysis': 'all' }) },
    {
      key: 'common',
      title: <GlossaryTerm term="commonSchedule">{t('outcomes.sensitivity.common')}</GlossaryTerm>,
      dataIndex: 'common',
      cellAttributes: () => ({ 'data-analysis': 'common' }),
    },
  ];
  return (
    <ReportSection id="sensitivity" title={t('outcomes.sections.sensitivity')} intro={t('outcomes.sensitivity.intro')}>
      <DataTable<SensitivityRow>
        className="outcome-table"
        testId="outcome-sensitivity-table"
        rowKey="key"
        size="small"
        bordered
        columns={columns}
        rows={rows}
      />
    </ReportSection>
  );
}
