import { type PeriodKind, parsePeriod, periodOf } from '@tcm/contracts/clinical/indicator-periods';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  value: string;
  onChange: (period: string) => void;
  /** The current year: the picker offers it and the five before it. */
  thisYear: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The key of a period from its parts (2026, 2026-Q3, 2026-07). */
function keyOf(kind: PeriodKind, year: number, part: number): string {
  return kind === 'year' ? String(year) : kind === 'quarter' ? `${year}-Q${part}` : `${year}-${pad(part)}`;
}

/** 统计期: the kind (month, quarter, year), the year and the month or quarter. */
export function PeriodPicker({ value, onChange, thisYear }: Props) {
  const { t } = useTranslation();
  const period = parsePeriod(value);
  const kind = period?.kind ?? 'quarter';
  const year = Number(value.slice(0, 4)) || thisYear;
  const part = kind === 'month' ? Number(value.slice(5, 7)) : kind === 'quarter' ? Number(value.slice(6, 7)) : 1;
  const years = Array.from({ length: 6 }, (_, i) => thisYear - i);
  return (
    <fieldset className="indicator-period" data-testid="indicator-period">
      <legend>{t('indicators.period')}</legend>
      <Select<PeriodKind>
        aria-label={t('indicators.periodKind')}
        data-testid="indicator-period-kind"
        value={kind}
        style={{ width: 90 }}
        options={(['month', 'quarter', 'year'] as const).map((k) => ({ value: k, label: t(`indicators.kinds.${k}`) }))}
        // The period of the new kind that holds the current one's first day.
        onChange={(next) => onChange(periodOf(next, period?.start ?? `${year}-01-01`).key)}
      />
      <Select<number>
        aria-label={t('indicators.year')}
        data-testid="indicator-period-year"
        value={year}
        style={{ width: 100 }}
        options={years.map((y) => ({ value: y, label: String(y) }))}
        onChange={(next) => onChange(keyOf(kind, next, part))}
      />
      {kind !== 'year' && (
        <Select<number>
          aria-label={t(kind === 'month' ? 'indicators.month' : 'indicators.quarter')}
          data-testid="indicator-period-part"
          value={part}
          style={{ width: 90 }}
          options={Array.from({ length: kind === 'month' ? 12 : 4 }, (_, i) => ({
            value: i + 1,
            label: kind === 'month' ? t('indicators.monthN', { n: i + 1 }) : `Q${i + 1}`,
          }))}
          onChange={(next) => onChange(keyOf(kind, year, next))}
        />
      )}
    </fieldset>
  );
}
