import './instrument.css';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { softRangeWarning } from '@tcm/contracts/instruments/soft-range';
import type { GroupItem, Item, LeafItem, RecordData } from '@tcm/contracts/instruments/types';
import { visibleItems, visibleRowItems } from '@tcm/contracts/instruments/visibility';
import { Button, Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFlagNote } from './FieldFlagNote';
import { type FieldFlag, fieldFlags } from './field-flags';
import { DerivedBeside, derivedBeside, InstrumentDerived } from './InstrumentDerived';
import { InstrumentLikert } from './InstrumentLikert';
import { ItemInput, isControlGroup } from './item-inputs';
import { domId, useInstrumentLang } from './lang';
import type { InstrumentFormApi } from './use-instrument-form';

/** Items that apply to women only (pregnancy or breastfeeding). */
const WOMEN_ONLY_ITEMS = ['pregnancy'];

interface Props {
  form: InstrumentFormApi;
  /** Unique per form on screen, for input ids. */
  prefix: string;
}

/**
 * Renders any instrument definition: its sections, the items that are visible for the current
 * answers (show-when is live), repeating groups, questionnaires and the live derived values.
 */
export function InstrumentForm({ form, prefix }: Props) {
  const { def, state } = form;
  const lang = useInstrumentLang();
  const visible = new Set(visibleItems(def, state.values).map((item) => item.key));
  // Asked of women only (the engine refuses a man's answer), so a man's form does not ask it.
  if (form.context.gender === 'man') for (const key of WOMEN_ONLY_ITEMS) visible.delete(key);
  const beside = derivedBeside(def, form.derived, lang);
  const flags = fieldFlags(form.derived);
  return (
    <div className="instrument-form" data-testid={`instrument-form-${def.key}`}>
      {def.sections.map((section) => {
        const items = section.items.filter((item) => visible.has(item.key));
        if (items.length === 0) return null;
        return (
          <fieldset key={section.key} className="instrument-section">
            <legend>{section.title[lang]}</legend>
            <div className="instrument-grid">
              {items.map((item) => {
                const rows = beside.get(item.key);
                return (
                  <FormItem
                    key={item.key}
                    form={form}
                    item={item}
                    prefix={prefix}
                    flag={flags.get(item.key)}
                    extra={rows ? <DerivedBeside rows={rows} lang={lang} /> : undefined}
                  />
                );
              })}
            </div>
          </fieldset>
        );
      })}
      <InstrumentDerived def={def} derived={form.derived} live />
    </div>
  );
}

interface FormItemProps {
  form: InstrumentFormApi;
  item: Item;
  prefix: string;
  flag?: FieldFlag;
  extra?: ReactNode;
}

function FormItem({ form, item, prefix, flag, extra }: FormItemProps) {
  const lang = useInstrumentLang();
  if (item.type === 'likert')
    return (
      <div className="instrument-wide">
        <InstrumentLikert form={form} item={item} prefix={prefix} />
      </div>
    );
  if (item.type === 'group') return <GroupField form={form} item={item} prefix={prefix} />;
  return (
    <LeafField
      item={item}
      path={item.key}
      prefix={prefix}
      value={form.state.values[item.key]}
      error={form.state.errors[item.key]}
      lang={lang}
      today={form.context.today}
      onChange={(value) => form.setValue(item.key, value)}
      flag={flag}
      extra={extra}
    />
  );
}

interface LeafFieldProps {
  item: LeafItem;
  path: string;
  prefix: string;
  value: unknown;
  error?: string;
  lang: 'zh' | 'en';
  today: string;
  onChange: (value: unknown) => void;
  /** The value is a danger value: flagged under the field as soon as it is typed. */
  flag?: FieldFlag;
  /** A derived value shown with the item (live, as the answers change). */
  extra?: ReactNode;
}

function LeafField({ item, path, prefix, value, error, lang, today, onChange, flag, extra }: LeafFieldProps) {
  const id = domId(prefix, path);
  const labelId = `${id}-label`;
  const errorId = error ? `${id}-error` : undefined;
  const { t } = useTranslation();
  const check = item.type === 'number' ? softRangeWarning(item, value, { lang }) : null;
  const flagId = flag ? `${id}-flag` : undefined;
  const checkId = check ? `${id}-check` : undefined;
  const describedBy = [errorId, flagId, checkId].filter(Boolean).join(' ') || undefined;
  const wide = item.type === 'multiple' || (item.type === 'text' && item.multiline) || item.type === 'grade';
  const message = error ?? item.help?.[lang];
  const labelClass = `instrument-field-label${item.required ? ' is-required' : ''}`;
  const labelText = <span id={labelId}>{item.label[lang]}</span>;
  return (
    <div
      className={['instrument-field', wide && 'instrument-wide', error && 'has-error', message && 'has-message'].filter(Boolean).join(' ')}
      data-item={path}
    >
      {/* A group of radio buttons or boxes is named by aria-labelledby; a single box by its <label>. */}
      {isControlGroup(item) ? (
        <span className={labelClass}>{labelText}</span>
      ) : (
        <label className={labelClass} htmlFor={id}>
          {labelText}
        </label>
      )}
      <ItemInput
        item={item}
        value={value}
        onChange={onChange}
        id={id}
        labelId={labelId}
        errorId={describedBy}
        invalid={!!error}
        lang={lang}
        today={today}
      />
      {message && (
        <div className="instrument-field-message" id={errorId}>
          {message}
        </div>
      )}
      {flag && flagId && (
        <FieldFlagNote tone="danger" text={t(`alerts.flag.${flag.textKey}`, flag.values)} id={flagId} testId={`field-flag-${path}`} />
      )}
      {check && checkId && <FieldFlagNote tone="check" text={check} id={checkId} testId={`field-check-${path}`} />}
      {extra && <div className="instrument-field-extra">{extra}</div>}
    </div>
  );
}

function GroupField({ form, item, prefix }: { form: InstrumentFormApi; item: GroupItem; prefix: string }) {
  const { t } = useTranslation();
  const lang = useInstrumentLang();
  const rows = (Array.isArray(form.state.values[item.key]) ? form.state.values[item.key] : []) as RecordData[];
  const error = form.state.errors[item.key];
  const labelId = domId(prefix, `${item.key}.label`);
  return (
    <section className="instrument-wide instrument-group" aria-labelledby={labelId} data-item={item.key}>
      <h4 id={labelId} className="instrument-group-title">
        {item.label[lang]}
        {item.required && <span className="instrument-required"> *</span>}
      </h4>
      {error && (
        <div role="alert" className="instrument-error">
          {error}
        </div>
      )}
      {rows.map((row, index) => (
        <Card
          // Rows have no identity of their own; the index is the row's address in errors too.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          size="small"
          className="instrument-group-row"
          title={t('instrument.row', { name: item.label[lang], index: index + 1 })}
          extra={
            <Button
              size="small"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={t('instrument.removeRow', { name: item.label[lang], index: index + 1 })}
              onClick={() => form.removeRow(item.key, index)}
              disabled={rows.length <= (item.minRows ?? 0)}
            >
              {t('instrument.remove')}
            </Button>
          }
        >
          <div className="instrument-grid">
            {visibleRowItems(form.def, item.key, row, form.state.values).map((sub) => {
              const path = `${item.key}.${index}.${sub.key}`;
              return (
                <LeafField
                  key={sub.key}
                  item={sub}
                  path={path}
                  prefix={prefix}
                  value={row[sub.key]}
                  error={form.state.errors[path]}
                  lang={lang}
                  today={form.context.today}
                  onChange={(value) => form.setRowValue(item.key, index, sub.key, value)}
                />
              );
            })}
          </div>
        </Card>
      ))}
      <Button icon={<PlusOutlined aria-hidden />} onClick={() => form.addRow(item.key)} disabled={rows.length >= item.maxRows}>
        {t('instrument.addRow', { name: item.label[lang] })}
      </Button>
    </section>
  );
}
