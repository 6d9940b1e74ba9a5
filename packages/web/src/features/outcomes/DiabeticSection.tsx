import type { OutcomeReport } from '@tcm/contracts/api/outcomes';
import { ReportSection } from './GroupTable';
import { TooFewNote } from './OutcomeFigure';
import type { OutcomeFormat } from './use-outcome-format';

/**
 * The comparison members who had diabetes at enrolment (role 1): described on their own, because they
 * never enter the comparison of progression.
 */
export function DiabeticSection({ diabetic, format }: { diabetic: OutcomeReport['diabeticComparison']; format: OutcomeFormat }) {
  const { t } = format;
  const tooFew = format.tooFewOne(diabetic.enrolled);
  return (
    <ReportSection id="diabetic" title={t('outcomes.sections.diabetic')} intro={t('outcomes.diabetic.intro')}>
      {tooFew && <TooFewNote text={tooFew} testId="outcome-diabetic-too-few" />}
      <dl className="outcome-facts" data-testid="outcome-diabetic">
        <div>
          <dt>{t('outcomes.diabetic.enrolled')}</dt>
          <dd>{format.count(diabetic.enrolled)}</dd>
        </div>
        <div>
          <dt>{t('outcomes.diabetic.followUpOnTime')}</dt>
          <dd>{format.percent(diabetic.followUpOnTime)}</dd>
        </div>
        <div>
          <dt>{t('outcomes.diabetic.satisfactoryShare')}</dt>
          <dd>{format.percent(diabetic.satisfactoryShare)}</dd>
        </div>
      </dl>
    </ReportSection>
  );
}
