import type { OutcomeReport } from '@tcm/contracts/api/outcomes';
import { useDeferredValue } from 'react';
import { PageLoading } from '../../components/PageState';
import { useRenderForPrint } from '../../lib/use-render-for-print';
import { BaselineSection } from './BaselineSection';
import { ConstitutionSection } from './ConstitutionSection';
import { DiabeticSection } from './DiabeticSection';
import { GlossarySection, GlossaryTerm } from './GlossaryTerm';
import { InstitutionSection } from './InstitutionSection';
import { TooFewNote } from './OutcomeFigure';
import { OutcomesSection } from './OutcomesSection';
import { ReferenceSection } from './ReferenceSection';
import { SensitivitySection } from './SensitivitySection';
import { SurvivalSection } from './SurvivalSection';
import { useOutcomeFormat } from './use-outcome-format';
import { WeightSection } from './WeightSection';
import './outcomes.css';
// The outcome texts are not in the entry's catalogue (i18n/zh-CN-outcomes.ts).
import '../../i18n/outcomes-catalogue';

interface Props {
  report: OutcomeReport;
  /** 全市 or the institution's name. */
  scope: string;
  /** The baseline date range in words. */
  range: string;
  /** A newer report is loading: the one shown is dimmed but kept, so the page does not jump. */
  isStale?: boolean;
  /**
   * The screen's first report: the header and the baseline (the first screenful) render and paint
   * first, the sections below follow in a render of their own. Rendering and laying out all twenty
   * screens of the report before anything painted took over a second on a slow PC. A print asked for
   * before that render renders them at once (useRenderForPrint).
   */
  isProgressive?: boolean;
}

/**
 * The programme outcome report: the two groups at baseline, their outcomes and the effect
 * estimates, the survival curves, weight, constitution, the diabetic comparison members and each
 * institution. Every part says how many patients it rests on and warns when they are too few.
 */
export function OutcomeReportView({ report, scope, range, isStale = false, isProgressive = false }: Props) {
  const format = useOutcomeFormat();
  // false in the first render only (and in a server render), true in the deferred one that follows.
  const isDeferredRendered = useDeferredValue(true, false);
  const isPrintAsked = useRenderForPrint(isProgressive && !isDeferredRendered);
  const isRestRendered = !isProgressive || isDeferredRendered || isPrintAsked;
  const { t } = format;
  const { managed, comparison } = report.groups;
  const tooFew = format.tooFew({ managed: managed.evaluable, comparison: comparison.evaluable });
  return (
    <article className={`outcome-report${isStale ? ' is-stale' : ''}`} aria-busy={isStale} data-testid="outcome-report">
      <header className="outcome-report-header">
        <p className="outcome-report-scope" data-testid="outcome-scope">
          {t('outcomes.reportFor', { scope, range })}
        </p>
        {report.headline && (
          <section className="outcome-headline" aria-label={t('outcomes.headlineLabel')} data-testid="outcome-headline">
            <p>{report.headline[format.language === 'en-US' ? 'en' : 'zh']}</p>
          </section>
        )}
        {report.policy && (
          <p className="outcome-policy" data-testid="outcome-policy">
            {t('outcomes.policy.reportUses', { policy: t(`outcomes.policy.${report.policy}`) })}
          </p>
        )}
        <p className="outcome-report-summary">
          {t('outcomes.summary', {
            managed: managed.enrolled,
            managedEvaluable: managed.evaluable,
            comparison: comparison.enrolled,
            comparisonEvaluable: comparison.evaluable,
          })}{' '}
          <GlossaryTerm term="evaluable" />
        </p>
        {tooFew && <TooFewNote text={tooFew} testId="report-too-few" />}
      </header>
      <BaselineSection groups={report.groups} format={format} />
      {isRestRendered ? (
        <>
          <OutcomesSection report={report} format={format} />
          <SensitivitySection report={report} format={format} />
          <ReferenceSection report={report} format={format} />
          <SurvivalSection report={report} format={format} />
          <WeightSection groups={report.groups} format={format} />
          <ConstitutionSection groups={report.groups} format={format} />
          <DiabeticSection diabetic={report.diabeticComparison} format={format} />
          <InstitutionSection rows={report.byInstitution} format={format} />
          <GlossarySection />
        </>
      ) : (
        <PageLoading />
      )}
    </article>
  );
}
