import type { AnnexRecord } from '@tcm/contracts/api/records';
import { annex3 } from '@tcm/contracts/instruments/annex3';
import type { AnnexKey } from '@tcm/contracts/instruments/types';
import { Card, Col, Empty, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { readDerived } from '../instruments/InstrumentDerived';
import { useInstrumentLang } from '../instruments/lang';
import { ChartLine, type LinePoint } from './ChartLine';
import { ChartRadar } from './ChartRadar';

/** Annexes whose records measure glucose or weight, in the order they are usually filled. */
export const TREND_ANNEXES: readonly AnnexKey[] = ['1', '6', '7', '8', '9'];

const MEASURES = [
  { key: 'fpg', unit: 'mmol/L', references: [6.1, 7.0] },
  { key: 'ogtt2h', unit: 'mmol/L', references: [7.8, 11.1] },
  { key: 'hba1c', unit: '%', references: [6.5] },
  { key: 'weight', unit: 'kg', references: [] },
] as const;

/** Points of one data item over every record that holds it (one point per day, the latest wins). */
export function trendPoints(histories: Partial<Record<AnnexKey, AnnexRecord[]>>, key: string): LinePoint[] {
  const byDate = new Map<string, { value: number; updatedAt: string }>();
  for (const annex of TREND_ANNEXES) {
    for (const record of histories[annex] ?? []) {
      const value = record.data[key];
      if (typeof value !== 'number') continue;
      const date = record.filledAt.slice(0, 10);
      const known = byDate.get(date);
      if (!known || known.updatedAt < record.updatedAt) byDate.set(date, { value, updatedAt: record.updatedAt });
    }
  }
  return [...byDate.entries()].map(([date, { value }]) => ({ date, value })).sort((a, b) => a.date.localeCompare(b.date));
}

/** FPG, 2h-PG, HbA1c and weight of the patient's records over time. */
export function RecordTrends({ histories }: { histories: Partial<Record<AnnexKey, AnnexRecord[]>> }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={<h3 className="chart-card-title">{t('instrument.trendsTitle')}</h3>}
      style={{ marginTop: 16 }}
      data-testid="record-trends"
    >
      <Row gutter={[16, 16]}>
        {MEASURES.map((measure) => (
          <Col key={measure.key} xs={24} md={12}>
            <ChartLine
              title={t(`instrument.measures.${measure.key}`)}
              unit={measure.unit}
              points={trendPoints(histories, measure.key)}
              references={measure.references.map((value) => ({ value, label: String(value) }))}
              emptyText={t('instrument.chartEmpty')}
            />
          </Col>
        ))}
      </Row>
    </Card>
  );
}

/** The nine CCMQ transformed scores of the latest constitution record as a radar. */
export function RecordConstitutionRadar({ records }: { records: AnnexRecord[] }) {
  const { t } = useTranslation();
  const lang = useInstrumentLang();
  const latest = records[0];
  const columns = (annex3.derivedColumns ?? []).filter((column) => column.key.startsWith('transformed.'));
  const axes = latest
    ? columns.map((column) => ({
        key: column.key,
        label: column.label[lang].replace(/转化分$/, '').replace(/ score$/, ''),
        value: Number(readDerived(latest.derived, column.key) ?? 0),
      }))
    : [];
  const conclusion = latest ? readDerived(latest.derived, lang === 'zh' ? 'conclusion' : 'conclusionEn') : undefined;
  return (
    <Card
      size="small"
      title={<h3 className="chart-card-title">{t('instrument.radarTitle')}</h3>}
      style={{ marginTop: 16 }}
      data-testid="record-radar"
    >
      {latest ? (
        <Row gutter={16} align="middle">
          <Col xs={24} md={14}>
            <ChartRadar axes={axes} title={t('instrument.radarAlt', { date: latest.filledAt.slice(0, 10) })} marks={[30, 40]} />
          </Col>
          <Col xs={24} md={10}>
            <p>
              {t('instrument.radarDate', { date: latest.filledAt.slice(0, 10) })}
              <br />
              <strong data-testid="radar-conclusion">{typeof conclusion === 'string' ? conclusion : ''}</strong>
            </p>
            <p className="chart-legend">{t('instrument.radarLegend')}</p>
          </Col>
        </Row>
      ) : (
        <Empty description={t('instrument.chartEmpty')} />
      )}
    </Card>
  );
}
