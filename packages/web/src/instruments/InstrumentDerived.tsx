import { formatDerived } from '@tcm/contracts/instruments/columns';
import type { Derived, DerivedColumn, InstrumentDefinition, Lang } from '@tcm/contracts/instruments/types';
import { isEmptyValue } from '@tcm/contracts/instruments/visibility';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { FactList } from '../components/FactList';
import { Notice } from '../components/Notice';
import { useInstrumentLang } from './lang';

export function readDerived(derived: Derived, key: string): unknown {
  let current: unknown = derived;
  for (const part of key.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

export interface DerivedRow {
  column: DerivedColumn;
  text: string;
}

/** The definition's derived columns that have a value, with their display text. */
export function derivedRows(def: InstrumentDefinition, derived: Derived, lang: Lang): DerivedRow[] {
  return (def.derivedColumns ?? [])
    .map((column) => ({ column, text: formatDerived(column, readDerived(derived, column.key), lang) }))
    .filter((row) => !isEmptyValue(row.text));
}

/** Derived values a definition shows next to an item (e.g. the BP category beside the BP), by item key. */
export function derivedBeside(def: InstrumentDefinition, derived: Derived, lang: Lang): Map<string, DerivedRow[]> {
  const beside = new Map<string, DerivedRow[]>();
  for (const row of derivedRows(def, derived, lang)) {
    const item = row.column.besideItem;
    if (item) beside.set(item, [...(beside.get(item) ?? []), row]);
  }
  return beside;
}

/** The value of a derived column beside its item: "血压分级：1级高血压（轻度，140–159/90–99）". */
export function DerivedBeside({ rows, lang }: { rows: readonly DerivedRow[]; lang: Lang }) {
  return (
    <>
      {rows.map(({ column, text }) => (
        <span key={column.key} className="instrument-beside" data-testid={`beside-${column.key}`}>
          {column.label[lang]}
          {lang === 'zh' ? '：' : ': '}
          {text}
        </span>
      ))}
    </>
  );
}

/**
 * The definition's derived columns that have a value, as label/value pairs (form preview, print). In
 * the form (live), values the doctor must notice before saving (a danger value, an urgent referral,
 * "repeat the OGTT") are also put up front as a warning.
 */
export function InstrumentDerived({ def, derived, live }: { def: InstrumentDefinition; derived: Derived; live?: boolean }) {
  const { t } = useTranslation();
  const lang = useInstrumentLang();
  const rows = derivedRows(def, derived, lang);
  const attention = live ? rows.filter(({ column }) => column.attention?.(readDerived(derived, column.key)) === true) : [];
  if (!def.derivedColumns?.length) return null;
  return (
    <section aria-label={t('instrument.derivedTitle')} aria-live={live ? 'polite' : undefined} data-testid="instrument-derived">
      <h3 className="instrument-derived-title">{live ? t('instrument.derivedLive') : t('instrument.derivedTitle')}</h3>
      {attention.length > 0 && (
        <Notice
          type="warning"
          className="instrument-attention"
          data-testid="derived-attention"
          title={t('instrument.derivedAttention')}
          description={
            <ul className="instrument-attention-list">
              {attention.map(({ column, text }) => (
                <li key={column.key} data-testid={`attention-${column.key}`}>
                  {column.label[lang]}
                  {lang === 'zh' ? '：' : ': '}
                  {text}
                </li>
              ))}
            </ul>
          }
        />
      )}
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('instrument.derivedNone')} />
      ) : (
        <FactList
          bordered
          facts={rows.map(({ column, text }) => ({
            key: column.key,
            label: column.label[lang],
            children: <span data-testid={`derived-${column.key}`}>{text}</span>,
          }))}
        />
      )}
    </section>
  );
}
