import { formatDerived } from '@tcm/contracts/instruments/columns';
import type { Derived, InstrumentDefinition } from '@tcm/contracts/instruments/types';
import { isEmptyValue } from '@tcm/contracts/instruments/visibility';
import { Descriptions, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInstrumentLang } from './lang';

export function readDerived(derived: Derived, key: string): unknown {
  let current: unknown = derived;
  for (const part of key.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** The definition's derived columns that have a value, as label/value pairs (form preview, print). */
export function InstrumentDerived({ def, derived, live }: { def: InstrumentDefinition; derived: Derived; live?: boolean }) {
  const { t } = useTranslation();
  const lang = useInstrumentLang();
  const rows = (def.derivedColumns ?? [])
    .map((column) => ({ column, text: formatDerived(column, readDerived(derived, column.key), lang) }))
    .filter((row) => !isEmptyValue(row.text));
  if (!def.derivedColumns?.length) return null;
  return (
    <section aria-label={t('instrument.derivedTitle')} aria-live={live ? 'polite' : undefined} data-testid="instrument-derived">
      <h3 className="instrument-derived-title">{live ? t('instrument.derivedLive') : t('instrument.derivedTitle')}</h3>
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('instrument.derivedNone')} />
      ) : (
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={rows.map(({ column, text }) => ({
            key: column.key,
            label: column.label[lang],
            children: <span data-testid={`derived-${column.key}`}>{text}</span>,
          }))}
        />
      )}
    </section>
  );
}
