import type { ReturnToCare } from '@tcm/contracts/api/outreach';
import { useTranslation } from 'react-i18next';

/** The return rate as a percentage to one decimal, or a dash when nobody was contacted (no denominator). */
export function formatReturnRate(rate: number | null): string {
  return rate === null ? '—' : `${Number((rate * 100).toFixed(1))}%`;
}

/** Outreach over the last 30 days in the personal centre: contacted, returned to care, return rate. */
export function OutreachFigures({ figures }: { figures: ReturnToCare }) {
  const { t } = useTranslation();
  const rows: { key: string; label: string; value: string }[] = [
    { key: 'contacted', label: t('outreach.figures.contacted'), value: String(figures.contacted) },
    { key: 'returned', label: t('outreach.figures.returned'), value: String(figures.returned) },
    { key: 'returnRate', label: t('outreach.figures.returnRate'), value: formatReturnRate(figures.rate) },
  ];
  return (
    <section aria-label={t('outreach.figures.title')} data-testid="outreach-figures" style={{ marginTop: 12 }}>
      <div style={{ fontWeight: 600, marginBottom: 6 }}>{t('outreach.figures.title')}</div>
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 6, columnGap: 12 }}>
        {rows.map((row) => (
          <div key={row.key} style={{ display: 'contents' }}>
            <dt style={{ paddingLeft: 16 }}>{row.label}</dt>
            <dd style={{ margin: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }} data-testid={`value-outreach-${row.key}`}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
