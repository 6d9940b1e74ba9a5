import '../../instruments/instrument.css';
import type { AnnexRecord } from '@tcm/contracts/api/records';
import { formatValue } from '@tcm/contracts/instruments/columns';
import type { InstrumentDefinition, Item, Lang, LikertItem } from '@tcm/contracts/instruments/types';
import { isEmptyValue, visibleItems } from '@tcm/contracts/instruments/visibility';
import { useTranslation } from 'react-i18next';
import { InstrumentDerived } from '../../instruments/InstrumentDerived';
import { useInstrumentLang } from '../../instruments/lang';

/** Every answered item of a record with its label and unit, then the derived values, doctor and date. */
export function RecordDocument({ def, record, gender }: { def: InstrumentDefinition; record: AnnexRecord; gender?: 'man' | 'woman' }) {
  const { t } = useTranslation();
  const lang = useInstrumentLang();
  const shown = new Set(visibleItems(def, record.data).map((item) => item.key));
  return (
    <article className="record-document" data-testid="record-document">
      {def.sections.map((section) => {
        const items = section.items.filter((item) => shown.has(item.key) && !isEmptyValue(record.data[item.key]));
        if (items.length === 0) return null;
        return (
          <section key={section.key} className="record-document-section">
            <h3>{section.title[lang]}</h3>
            <dl className="record-document-items">
              {items.map((item) => (
                <AnsweredItem key={item.key} item={item} value={record.data[item.key]} lang={lang} gender={gender} />
              ))}
            </dl>
          </section>
        );
      })}
      <InstrumentDerived def={def} derived={record.derived} />
      <p className="record-document-signature">
        {t('instrument.signedBy', { doctor: record.doctorName, date: record.filledAt.slice(0, 10) })}
        {record.updatedAt !== record.createdAt && ` · ${t('instrument.updatedAt', { date: record.updatedAt.slice(0, 10) })}`}
      </p>
    </article>
  );
}

function AnsweredItem({ item, value, lang, gender }: { item: Item; value: unknown; lang: Lang; gender?: 'man' | 'woman' }) {
  if (item.type === 'likert') return <LikertAnswers item={item} value={value} lang={lang} gender={gender} />;
  return (
    <>
      <dt>{item.label[lang]}</dt>
      <dd>{formatValue(item, value, lang)}</dd>
    </>
  );
}

function LikertAnswers({ item, value, lang, gender }: { item: LikertItem; value: unknown; lang: Lang; gender?: 'man' | 'woman' }) {
  const answers = (value ?? {}) as Record<string, unknown>;
  return (
    <>
      <dt className="record-document-wide">{item.label[lang]}</dt>
      <dd className="record-document-wide">
        <ol className="record-document-likert">
          {item.questions.map((question) => {
            const answer = question.slots.map((slot) => answers[slot]).find((v) => v !== undefined);
            const label = (gender && question.labelBySex ? question.labelBySex[gender] : question.label)[lang];
            const option = item.options.find((o) => o.value === answer);
            return (
              <li key={question.key}>
                {label}：<strong>{option ? option.label[lang] : '—'}</strong>
              </li>
            );
          })}
        </ol>
      </dd>
    </>
  );
}
