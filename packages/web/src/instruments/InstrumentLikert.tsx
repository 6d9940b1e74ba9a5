import type { LikertItem } from '@tcm/contracts/instruments/types';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../components/Notice';
import { questionError } from './form-state';
import { domId, useInstrumentLang } from './lang';
import type { InstrumentFormApi } from './use-instrument-form';

/**
 * A questionnaire as a compact table of native radio groups: one row per question (asked once even
 * when it fills two slots), Tab moves between questions and the arrow keys between answers.
 */
export function InstrumentLikert({ form, item, prefix }: { form: InstrumentFormApi; item: LikertItem; prefix: string }) {
  const { t } = useTranslation();
  const lang = useInstrumentLang();
  const answers = (form.state.values[item.key] ?? {}) as Record<string, unknown>;
  const gender = form.context.gender;
  const answered = item.questions.filter((q) => q.slots.some((slot) => answers[slot] !== undefined)).length;
  const itemError = form.state.errors[item.key];

  return (
    <fieldset className="instrument-likert" data-testid={`likert-${item.key}`}>
      <legend className="visually-hidden">{item.label[lang]}</legend>
      {item.instruction && <p className="instrument-likert-instruction">{item.instruction[lang]}</p>}
      <p aria-live="polite" className="instrument-likert-progress">
        {t('instrument.answered', { count: answered, total: item.questions.length })}
      </p>
      {itemError && <Notice type="error" title={itemError} style={{ marginBottom: 8 }} />}
      {item.questions.map((question, index) => {
        const label = (gender && question.labelBySex ? question.labelBySex[gender] : question.label)[lang];
        const labelId = domId(prefix, `${item.key}.${question.key}.label`);
        const errorId = domId(prefix, `${item.key}.${question.key}.error`);
        const error = questionError(form.state.errors, item.key, question);
        const value = question.slots.map((slot) => answers[slot]).find((v) => v !== undefined);
        return (
          <Fragment key={question.key}>
            {index % HEADER_EVERY === 0 && <ScaleHeader item={item} />}
            <div
              role="radiogroup"
              aria-labelledby={labelId}
              aria-describedby={error ? errorId : undefined}
              aria-invalid={error ? true : undefined}
              className={`instrument-likert-row${error ? ' has-error' : ''}`}
              data-question={question.key}
            >
              <span id={labelId} className="instrument-likert-question">
                {index + 1}. {label}
                {error && (
                  <span id={errorId} className="instrument-error">
                    {error}
                  </span>
                )}
              </span>
              {item.options.map((option) => (
                <label key={option.value} className="instrument-likert-cell">
                  <input
                    type="radio"
                    name={domId(prefix, `${item.key}.${question.key}`)}
                    value={option.value}
                    checked={value === option.value}
                    onChange={() => form.answer(item.key, question, option.value)}
                  />
                  <span className="instrument-likert-option">{option.label[lang]}</span>
                </label>
              ))}
            </div>
          </Fragment>
        );
      })}
    </fieldset>
  );
}

/** The answer labels above the columns, repeated so they stay in sight along 60 questions. */
const HEADER_EVERY = 10;

function ScaleHeader({ item }: { item: LikertItem }) {
  const lang = useInstrumentLang();
  return (
    <div className="instrument-likert-head" aria-hidden>
      <span />
      {item.options.map((option) => (
        <span key={option.value}>{option.label[lang]}</span>
      ))}
    </div>
  );
}
