import { AimOutlined, DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import type { IndicatorFigure, IndicatorKey, IndicatorQuery, IndicatorReport, IndicatorRow, IndicatorSide } from '@tcm/contracts';
import { periodOf } from '@tcm/contracts/clinical/indicator-periods';
import { INDICATOR_DEFINITIONS } from '@tcm/contracts/clinical/indicators';
import { Button, Select, Switch, Table, Tag } from 'antd';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstitutions } from '../../api/institutions';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, PageLoading } from '../../components/PageState';
import { useAddressQuery } from '../../components/use-address-query';
import dayjs from '../../lib/dayjs';
import { indicatorApi, useIndicatorReport } from './api';
import { type ListRequest, PatientListDialog } from './PatientListDialog';
import { PeriodPicker } from './PeriodPicker';
import { TrendLine } from './TrendLine';
import './indicators.css';
// The outcome texts are not in the entry's catalogue (i18n/zh-CN-outcomes.ts).
import '../../i18n/outcomes-catalogue';

interface Props {
  isAdmin: boolean;
  /** The signed-in doctor's id (null for the administrator): the "my patients" filter. */
  doctorId: number | null;
}

const CITY = 'city';

// The administrator's targets dialog (a Modal and an InputNumber per indicator), opened rarely and
// never by a doctor: fetched on the first click, or as soon as the pointer or focus reaches the button.
const loadTargetsDialog = () => import('./TargetsDialog');
const TargetsDialog = lazy(loadTargetsDialog);

/** The page's query from the address; a doctor's institution is the server's to decide. */
function readQuery(params: URLSearchParams, today: string): IndicatorQuery {
  const number = (name: string) => {
    const value = Number(params.get(name));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  return {
    period: params.get('period') ?? periodOf('quarter', today).key,
    institutionId: number('institutionId'),
    doctorId: number('doctorId'),
  };
}

function toSearch(query: IndicatorQuery): URLSearchParams {
  return new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
}

/**
 * 管理质量: the management quality indicators of a period as cards (rate, numerator / denominator,
 * target, 12-period trend), a table by institution (the administrator's city) or by doctor, and every
 * number opens the patients behind it.
 */
export function IndicatorsScreen({ isAdmin, doctorId }: Props) {
  const { t } = useTranslation();
  const today = dayjs().format('YYYY-MM-DD');
  const institutions = useInstitutions();
  const read = useCallback((params: URLSearchParams) => readQuery(params, today), [today]);
  const [query, setQuery] = useAddressQuery(read, toSearch);
  const report = useIndicatorReport(query);
  const [list, setList] = useState<ListRequest | null>(null);
  const [exporting, setExporting] = useState(false);
  // The targets dialog: wanted once opened (then kept mounted so that closing animates), and open.
  const [targetsWanted, setTargetsWanted] = useState(false);
  const [targetsOpen, setTargetsOpen] = useState(false);

  const openList = (key: IndicatorKey, side: IndicatorSide, scope: IndicatorQuery, where?: string) => {
    const label = t(`indicators.keys.${key}`);
    setList({ key, side, query: scope, title: `${label} · ${t(`indicators.sides.${side}`)}${where ? ` · ${where}` : ''}` });
  };
  const onExport = async () => {
    setExporting(true);
    try {
      await indicatorApi.exportExcel(query);
    } catch {
      // The shared client has shown the server's message.
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="indicator-page">
      <PageHeader title={t('indicators.title')} />
      <div className="toolbar indicator-toolbar" data-testid="indicator-toolbar">
        <PeriodPicker value={query.period} thisYear={Number(today.slice(0, 4))} onChange={(period) => setQuery({ period })} />
        {isAdmin ? (
          <div className="indicator-filter">
            <label htmlFor="indicator-scope">{t('outcomes.institution')}</label>
            <Select<number | typeof CITY>
              id="indicator-scope"
              data-testid="indicator-scope-select"
              value={query.institutionId ?? CITY}
              style={{ minWidth: 200 }}
              showSearch={{ optionFilterProp: 'label' }}
              options={[{ value: CITY, label: t('outcomes.city') }, ...institutions.map((i) => ({ value: i.id, label: i.name }))]}
              onChange={(value) => setQuery({ institutionId: value === CITY ? undefined : value, doctorId: undefined })}
            />
          </div>
        ) : (
          <div className="indicator-filter">
            <Switch
              id="indicator-mine"
              size="small"
              data-testid="indicator-mine"
              checked={query.doctorId !== undefined}
              onChange={(mine) => setQuery({ doctorId: mine && doctorId !== null ? doctorId : undefined })}
            />{' '}
            <label htmlFor="indicator-mine">{t('indicators.mine')}</label>
          </div>
        )}
        <div className="indicator-actions">
          {isAdmin && (
            <Button
              icon={<AimOutlined aria-hidden />}
              data-testid="indicator-targets-open"
              aria-haspopup="dialog"
              onClick={() => {
                setTargetsWanted(true);
                setTargetsOpen(true);
              }}
              onPointerEnter={() => void loadTargetsDialog()}
              onFocus={() => void loadTargetsDialog()}
            >
              {t('indicators.setTargets')}
            </Button>
          )}
          <Button icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()}>
            {t('outcomes.print')}
          </Button>
          <Button type="primary" icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={() => void onExport()}>
            {t('indicators.export')}
          </Button>
        </div>
      </div>
      {report.data ? (
        <IndicatorReportView
          report={report.data}
          isStale={report.isPlaceholderData || report.isFetching}
          onOpen={openList}
          query={query}
          canOpenRow={(kind, id) => isAdmin || (kind === 'doctor' && id === doctorId)}
        />
      ) : report.error ? (
        <ErrorState error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <PageLoading />
      )}
      <PatientListDialog request={list} canOpen={!isAdmin} onClose={() => setList(null)} />
      {isAdmin && targetsWanted && (
        <Suspense fallback={null}>
          <TargetsDialog open={targetsOpen} onClose={() => setTargetsOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

type Open = (key: IndicatorKey, side: IndicatorSide, scope: IndicatorQuery, where?: string) => void;

function IndicatorReportView({
  report,
  isStale,
  onOpen,
  query,
  canOpenRow,
}: {
  report: IndicatorReport;
  isStale: boolean;
  onOpen: Open;
  query: IndicatorQuery;
  canOpenRow: (kind: 'institution' | 'doctor', id: number) => boolean;
}) {
  const { t } = useTranslation();
  const rows = report.byInstitution ?? report.byDoctor ?? [];
  const kind = report.byInstitution ? 'institution' : 'doctor';
  return (
    <div className={`indicator-report${isStale ? ' is-stale' : ''}`} data-testid="indicator-report">
      <p className="indicator-caption">
        {t('indicators.caption', { period: report.period.key, start: report.period.start, end: report.period.end })}
      </p>
      <div className="indicator-cards">
        {report.indicators.map((figure) => (
          <IndicatorCard key={figure.key} figure={figure} report={report} onOpen={(side) => onOpen(figure.key, side, query)} />
        ))}
      </div>
      <h3>{t(kind === 'institution' ? 'indicators.byInstitution' : 'indicators.byDoctor')}</h3>
      <RowTable
        rows={rows}
        kind={kind}
        onOpen={(key, row) =>
          onOpen(key, 'gap', kind === 'institution' ? { ...query, institutionId: row.id } : { ...query, doctorId: row.id }, row.name)
        }
        canOpen={(row) => canOpenRow(kind, row.id)}
      />
    </div>
  );
}

function IndicatorCard({
  figure,
  report,
  onOpen,
}: {
  figure: IndicatorFigure;
  report: IndicatorReport;
  onOpen: (side: IndicatorSide) => void;
}) {
  const { t } = useTranslation();
  const definition = INDICATOR_DEFINITIONS[figure.key];
  const label = t(`indicators.keys.${figure.key}`);
  const points = report.trend.map((p) => ({ period: p.period, rate: p.rates[figure.key] ?? null }));
  return (
    <section className="indicator-card" data-testid={`indicator-card-${figure.key}`} aria-label={label}>
      <h4>{label}</h4>
      {definition.countOnly ? (
        <button type="button" className="indicator-rate" onClick={() => onOpen('numerator')} data-testid={`indicator-count-${figure.key}`}>
          {t('indicators.people', { count: figure.numerator })}
        </button>
      ) : (
        <>
          <p className="indicator-rate">{figure.rate === null ? '—' : `${figure.rate}%`}</p>
          <p className="indicator-fraction">
            <button type="button" onClick={() => onOpen('numerator')} data-testid={`indicator-numerator-${figure.key}`}>
              {figure.numerator}
            </button>
            {' / '}
            <button type="button" onClick={() => onOpen('denominator')} data-testid={`indicator-denominator-${figure.key}`}>
              {figure.denominator}
            </button>
            {figure.denominator > figure.numerator && (
              <button type="button" className="indicator-gap" onClick={() => onOpen('gap')} data-testid={`indicator-gap-${figure.key}`}>
                {t('indicators.gapCount', { count: figure.denominator - figure.numerator })}
              </button>
            )}
          </p>
          <p className="indicator-target">
            {figure.target === undefined ? (
              t('indicators.noTarget')
            ) : (
              <>
                {t('indicators.target', { target: figure.target })}{' '}
                {figure.met !== undefined && (
                  <Tag color={figure.met ? 'green' : 'red'}>{t(figure.met ? 'indicators.met' : 'indicators.notMet')}</Tag>
                )}
              </>
            )}
          </p>
          <TrendLine label={t('indicators.trendOf', { name: label })} points={points} />
        </>
      )}
    </section>
  );
}

function RowTable({
  rows,
  kind,
  onOpen,
  canOpen,
}: {
  rows: IndicatorRow[];
  kind: 'institution' | 'doctor';
  onOpen: (key: IndicatorKey, row: IndicatorRow) => void;
  canOpen: (row: IndicatorRow) => boolean;
}) {
  const { t } = useTranslation();
  const keys = (Object.keys(INDICATOR_DEFINITIONS) as IndicatorKey[]).filter((k) => !INDICATOR_DEFINITIONS[k].countOnly);
  return (
    <Table<IndicatorRow>
      className="indicator-table"
      data-testid="indicator-table"
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: true }}
      dataSource={rows}
      columns={[
        { key: 'name', title: t(kind === 'institution' ? 'fields.institution' : 'indicators.doctor'), dataIndex: 'name', fixed: 'left' },
        ...keys.map((key) => ({
          key,
          title: t(`indicators.keys.${key}`),
          render: (_: unknown, row: IndicatorRow) => {
            const f = row.indicators.find((i) => i.key === key);
            if (!f || f.denominator === 0) return '—';
            const text = `${f.rate}% (${f.numerator}/${f.denominator})`;
            return canOpen(row) && f.denominator > f.numerator ? (
              <button type="button" className="indicator-cell" onClick={() => onOpen(key, row)}>
                {text}
              </button>
            ) : (
              text
            );
          },
        })),
      ]}
    />
  );
}
