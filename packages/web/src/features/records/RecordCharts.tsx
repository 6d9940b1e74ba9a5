import type { AnnexRecord } from '@tcm/contracts/api/records';
import { BP_BAND_LABELS, bpBand } from '@tcm/contracts/clinical/blood-pressure';
import { annex3 } from '@tcm/contracts/instruments/annex3';
import { getInstrument } from '@tcm/contracts/instruments/index';
import type { AnnexKey, Lang, RecordData } from '@tcm/contracts/instruments/types';
import { Card, Col, Empty, Row } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartLine, type LinePoint } from '../../components/charts/ChartLine';
import { ChartRadar } from '../../components/charts/ChartRadar';
import { readDerived } from '../../instruments/InstrumentDerived';
import { useInstrumentLang } from '../../instruments/lang';

/** Annexes whose records measure glucose or weight, in the order they are usually filled. */
export const TREND_ANNEXES: readonly AnnexKey[] = ['1', '6', '7', '8', '9'];

const MEASURES = [
  { key: 'fpg', unit: 'mmol/L', references: [6.1, 7.0], bp: false },
  { key: 'ogtt2h', unit: 'mmol/L', references: [7.8, 11.1], bp: false },
  { key: 'hba1c', unit: '%', references: [5.7, 6.5], bp: false },
  { key: 'weight', unit: 'kg', references: [], bp: false },
  // Grade 1 and the danger value; each point says the reading's category (2018 guideline).
  { key: 'sbp', unit: 'mmHg', references: [140, 180], bp: true },
  { key: 'dbp', unit: 'mmHg', references: [90, 110], bp: true },
] as const;

/** The blood pressure category of the reading a record holds, from its SBP and DBP. */
export function bpBandNote(data: RecordData, lang: Lang): string | undefined {
  const band = bpBand(data.sbp as number | undefined, data.dbp as number | undefined);
  return band ? BP_BAND_LABELS[band][lang] : undefined;
}

/** One value of a data item and the record it was read from. */
export interface TrendPoint {
  /** Unique per record: `${annex}-${recordId}`. */
  key: string;
  annex: AnnexKey;
  recordId: number;
  /** YYYY-MM-DD, the record's clinical date. */
  date: string;
  value: number;
  /** What the value means, said next to it (the BP category). */
  note?: string;
}

interface Located {
  point: TrendPoint;
  createdAt: string;
}

/**
 * Clinical date first; records of one day in the order they were created (then by id), so that
 * editing a record does not move its point among that day's others.
 */
function byDateThenCreation(a: Located, b: Located): number {
  return a.point.date.localeCompare(b.point.date) || a.createdAt.localeCompare(b.createdAt) || a.point.recordId - b.point.recordId;
}

/**
 * Points of one data item, one per record that holds it (several records of one day are several
 * points). The histories are the API's, which lists only records that are not voided.
 */
export function trendPoints(
  histories: Partial<Record<AnnexKey, AnnexRecord[]>>,
  key: string,
  noteOf?: (data: RecordData) => string | undefined,
): TrendPoint[] {
  const located: Located[] = [];
  for (const annex of TREND_ANNEXES) {
    for (const record of histories[annex] ?? []) {
      const value = record.data[key];
      if (typeof value !== 'number' || !Number.isFinite(value)) continue;
      const point: TrendPoint = { key: `${annex}-${record.id}`, annex, recordId: record.id, date: record.filledAt.slice(0, 10), value };
      const note = noteOf?.(record.data);
      if (note) point.note = note;
      located.push({ point, createdAt: record.createdAt });
    }
  }
  return located.sort(byDateThenCreation).map(({ point }) => point);
}

/** The chart's points, each saying which annex it came from (附件7 随访记录). */
export function linePoints(points: readonly TrendPoint[], sourceOf: (annex: AnnexKey) => string): LinePoint[] {
  return points.map((p) => ({ key: p.key, date: p.date, value: p.value, source: sourceOf(p.annex), ...(p.note ? { note: p.note } : {}) }));
}

/** FPG, 2h-PG, HbA1c, weight and blood pressure (with its category) of the patient's records over time. */
export const RecordTrends = memo(function RecordTrends({ histories }: { histories: Partial<Record<AnnexKey, AnnexRecord[]>> }) {
  const { t } = useTranslation();
  const lang = useInstrumentLang();
  const sourceOf = (annex: AnnexKey) => t('instrument.trendSource', { annex, name: getInstrument(annex)?.title[lang] ?? '' });
  const headers = { date: t('instrument.recordDate'), source: t('instrument.trendSourceHeader'), note: t('instrument.trendBpBandHeader') };
  const noteOf = (data: RecordData) => bpBandNote(data, lang);
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
              points={linePoints(trendPoints(histories, measure.key, measure.bp ? noteOf : undefined), sourceOf)}
              references={measure.references.map((value) => ({ value, label: String(value) }))}
              emptyText={t('instrument.chartEmpty')}
              headers={headers}
            />
          </Col>
        ))}
      </Row>
    </Card>
  );
});

/** The nine CCMQ transformed scores of the latest constitution record as a radar. */
export const RecordConstitutionRadar = memo(function RecordConstitutionRadar({
  records,
  testId = 'record-radar',
}: {
  records: AnnexRecord[];
  testId?: string;
}) {
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
      data-testid={testId}
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
              <strong data-testid={testId === 'record-radar' ? 'radar-conclusion' : `${testId}-conclusion`}>
                {typeof conclusion === 'string' ? conclusion : ''}
              </strong>
            </p>
            <p className="chart-legend">{t('instrument.radarLegend')}</p>
          </Col>
        </Row>
      ) : (
        <Empty description={t('instrument.chartEmpty')} />
      )}
    </Card>
  );
});
