import { QuestionCircleOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The report's terms a reader may not know; each has a name and a definition in the catalogues. */
export const GLOSSARY_TERMS = ['evaluable', 'personYears', 'censored', 'ci', 'riskRatio', 'hazardRatio', 'nnt', 'commonSchedule'] as const;
export type GlossaryKey = (typeof GLOSSARY_TERMS)[number];

/**
 * A term with its definition on hover and on keyboard focus (a button, so Tab reaches it); the same
 * definitions are listed in the report's glossary, which is what print and screen readers get.
 */
export function GlossaryTerm({ term, children }: { term: GlossaryKey; children?: ReactNode }) {
  const { t } = useTranslation();
  const definition = t(`outcomes.glossary.${term}.definition`);
  return (
    <Tooltip title={definition} trigger={['hover', 'focus']}>
      <button type="button" className="outcome-term" data-term={term}>
        {children ?? t(`outcomes.glossary.${term}.term`)}
        <QuestionCircleOutlined aria-hidden className="outcome-term-icon" />
      </button>
    </Tooltip>
  );
}

/** Every term of the report with its definition: the printed and read-aloud form of the hover texts. */
export function GlossarySection() {
  const { t } = useTranslation();
  return (
    <section className="outcome-section outcome-glossary" aria-labelledby="outcome-glossary" data-testid="outcome-section-glossary">
      <div className="outcome-section-head">
        <h3 id="outcome-glossary">{t('outcomes.sections.glossary')}</h3>
        <dl>
          {GLOSSARY_TERMS.map((term) => (
            <div key={term}>
              <dt>{t(`outcomes.glossary.${term}.term`)}</dt>
              <dd>{t(`outcomes.glossary.${term}.definition`)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
