import { OUTCOME_REFERENCES, type OutcomeReference } from '@tcm/contracts/api/outcome-references';
import type { OutcomeReport } from '@tcm/contracts/api/outcomes';
import { type DataColumn, DataTable } from '../../components/data-table/DataTable';
import { ReportSection } from './GroupTable';
import type { OutcomeFormat } from './use-outcome-format';

interface ReferenceRow {
  key: string;
  study: string;
  followUp: string;
  groups: string;
  effect: string;
  citation: string;
}

type Range = number | readonly [number, number];

function rangeText(value: Range, format: OutcomeFormat, digits: number): string {
  return typeof value === 'number' ? format.number(value, digits) : `${format.number(value[0], digits)}–${format.number(value[1], digits)}`;
}

/** Figures the paper gives as whole numbers are written without decimals. */
function wholeNumbers(value: Range): boolean {
  return (typeof value === 'number' ? [value] : value).every(Number.isInteger);
}

function referenceRow(reference: OutcomeReference, format: OutcomeFormat): ReferenceRow {
  const { t } = format;
  const digits = reference.measure === 'per100PersonYears' ? 1 : Number.isInteger(reference.control) ? 0 : 1;
  const parts = { intervention: rangeText(reference.intervention, format, digits), control: format.number(reference.control, digits) };
  const effect = [
    reference.riskReductionPercent !== undefined &&
      t('outcomes.references.riskReduction', {
        value: rangeText(reference.riskReductionPercent, format, wholeNumbers(reference.riskReductionPercent) ? 0 : 1),
      }),
    reference.hazardRatio &&
      t('outcomes.references.hazardRatio', {
        value: format.number(reference.hazardRatio.value, 2),
        low: format.number(reference.hazardRatio.low, 2),
        high: format.number(reference.hazardRatio.high, 2),
      }),
    reference.nnt && t('outcomes.references.nnt', { value: format.number(reference.nnt.value, 1), years: reference.nnt.years }),
  ].filter((part): part is string => Boolean(part));
  return {
    key: reference.key,
    study: t(`outcomes.references.studies.${reference.key}`),
    followUp: t('outcomes.references.years', { years: format.number(reference.years, Number.isInteger(reference.years) ? 0 : 1) }),
    groups: t(reference.measure === 'per100PersonYears' ? 'outcomes.references.per100' : 'outcomes.references.cumulative', parts),
    effect: effect.join(t('outcomes.references.joiner')),
    citation: reference.doi ? `${reference.citation} doi:${reference.doi}` : reference.citation,
  };
}

/** This report's own progression figures, in the same columns as the published ones. */
function programmeRow(report: OutcomeReport, format: OutcomeFormat): ReferenceRow {
  const { t } = format;
  const { managed, comparison } = report.groups;
  const rate = (value: number | null) => format.number(value, 1);
  // The programme's follow-up as the trials state theirs: the mean years per evaluable patient.
  const evaluable = managed.evaluable + comparison.evaluable;
  const personYears = managed.personYears + comparison.personYears;
  return {
    key: 'programme',
    study: t('outcomes.references.thisProgramme'),
    followUp: evaluable > 0 ? t('outcomes.references.meanYears', { years: format.number(personYears / evaluable, 1) }) : t('outcomes.none'),
    groups: t('outcomes.references.per100', {
      intervention: rate(managed.progressed.per100PersonYears),
      control: rate(comparison.progressed.per100PersonYears),
    }),
    effect: t('outcomes.references.programmeEffect', { rr: format.estimate(report.effect.progressionRiskRatio, 2) }),
    citation: t('outcomes.none'),
  };
}

/** Published diabetes-prevention results beside the programme's own figures. */
export function ReferenceSection({ report, format }: { report: OutcomeReport; format: OutcomeFormat }) {
  const { t } = format;
  const columns: DataColumn<ReferenceRow>[] = [
    { key: 'study', title: t('outcomes.references.study'), dataIndex: 'study', rowHeader: true },
    { key: 'followUp', title: t('outcomes.references.followUp'), dataIndex: 'followUp' },
    { key: 'groups', title: t('outcomes.references.groups'), dataIndex: 'groups', cellAttributes: () => ({ className: 'outcome-value' }) },
    { key: 'effect', title: t('outcomes.references.effect'), dataIndex: 'effect' },
    { key: 'citation', title: t('outcomes.references.citation'), dataIndex: 'citation', className: 'outcome-citation' },
  ];
  const rows = [programmeRow(report, format), ...OUTCOME_REFERENCES.map((reference) => referenceRow(reference, format))];
  return (
    <ReportSection id="references" title={t('outcomes.sections.references')} intro={t('outcomes.references.intro')}>
      <DataTable<ReferenceRow>
        className="outcome-table outcome-reference-table"
        testId="outcome-reference-table"
        rowKey="key"
        size="small"
        bordered
        columns={columns}
        rows={rows}
      />
    </ReportSection>
  );
}
