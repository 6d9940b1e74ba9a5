import type { OutcomeReport } from '@tcm/contracts/api/outcomes';
import { useMemo } from 'react';
import { survivalLine } from './chart-data';
import { SurvivalChart } from './charts/SurvivalChart';
import { GlossaryTerm } from './GlossaryTerm';
import { ReportSection } from './GroupTable';
import { OutcomeFigure } from './OutcomeFigure';
import { GROUPS, type OutcomeFormat } from './use-outcome-format';

/** Kaplan–Meier diabetes-free survival of the evaluable patients of each group. */
export function SurvivalSection({ report, format }: { report: OutcomeReport; format: OutcomeFormat }) {
  const { t } = format;
  const { managed, comparison } = report.groups;
  const evaluable = { managed: managed.evaluable, comparison: comparison.evaluable };
  const hasPoints = report.survival.managed.length + report.survival.comparison.length > 0;
  const curves = useMemo(
    () => GROUPS.map((group) => ({ group, name: format.groupName(group), points: survivalLine(report.survival[group]) })),
    [report.survival, format],
  );
  const rows = GROUPS.flatMap((group) =>
    report.survival[group].map(
      (point) =>
        [format.groupName(group), format.count(point.day), format.percent(point.survival), format.count(point.atRisk)] as [
          string,
          ...string[],
        ],
    ),
  );
  const title = t('outcomes.survival.title');
  return (
    <ReportSection
      id="survival"
      title={t('outcomes.sections.survival')}
      intro={
        <>
          {t('outcomes.survival.intro')} <GlossaryTerm term="censored" />
        </>
      }
    >
      <OutcomeFigure
        testId="outcome-survival"
        title={title}
        basis={t('outcomes.basisEvaluable', evaluable)}
        tooFew={format.tooFew(evaluable)}
        chart={
          hasPoints
            ? (label) => (
                <SurvivalChart
                  curves={curves}
                  dayAxis={t('outcomes.survival.day')}
                  survivalAxis={t('outcomes.survival.axis')}
                  label={label}
                  height={296}
                />
              )
            : null
        }
        table={{
          caption: title,
          columns: [t('outcomes.group'), t('outcomes.survival.day'), t('outcomes.survival.axis'), t('outcomes.survival.atRisk')],
          rows,
        }}
      />
    </ReportSection>
  );
}
