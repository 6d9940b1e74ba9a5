import {
  INDICATOR_DEFINITIONS,
  INDICATOR_KEYS,
  type IndicatorFigure,
  type IndicatorKey,
  IndicatorPaths,
  type IndicatorQuery,
  type IndicatorRow,
  indicatorQuery,
} from '@tcm/contracts';
import { indicatorPatientsByIds, loadScopedFacts } from '../../../db/queries/indicator-scope';
import { accounts, institutions } from '../../../db/schema';
import type { Ctx } from '../../../lib/context';
import { evaluateAll, figures, figuresBy, patientsOn } from '../../indicators/aggregate';
import { readTargets, resolveIndicatorQuery } from '../../indicators/service';
import { singlePage } from '../paging';
import { type AnySheet, anySheet, type ReportExportDefinition, type SheetColumn } from '../sheet';

/**
 * /api/programme/indicators/exportExcel: the management quality indicators of a period as one
 * workbook: the figures with their definitions, by institution, by doctor, and the gap lists (every
 * patient in a denominator but not its numerator, per indicator: the work to do). Computed once, when
 * the first sheet is written; the engine puts the codebook second.
 */

interface Computed {
  figures: IndicatorFigure[];
  byInstitution: IndicatorRow[];
  byDoctor: IndicatorRow[];
  gaps: GapRow[];
}

interface GapRow {
  key: IndicatorKey;
  patientId: number;
  name: string;
  institution: string;
  enrolledAt: string;
  count: number;
}

const PERCENT = '%';

async function compute(ctx: Ctx, query: IndicatorQuery): Promise<Computed> {
  const q = await resolveIndicatorQuery(ctx, query);
  const [list, targets] = await Promise.all([loadScopedFacts(ctx.db, q.scope), readTargets(ctx)]);
  const evaluated = evaluateAll(list, q.period, q.today);
  const [institutionRows, doctorRows] = await Promise.all([
    ctx.db.select({ id: institutions.id, name: institutions.name }).from(institutions),
    ctx.db.select({ id: accounts.id, name: accounts.name, institutionId: accounts.institutionId }).from(accounts),
  ]);
  const institutionName = new Map(institutionRows.map((r) => [r.id, r.name]));
  const inScope = (id: number | null) => q.scope.institutionId === undefined || id === q.scope.institutionId;
  const doctorName = new Map(
    doctorRows
      .filter((r) => inScope(r.institutionId) && (q.scope.doctorId === undefined || r.id === q.scope.doctorId))
      .map((r) => [r.id, r.name]),
  );
  const gapEntries = INDICATOR_KEYS.flatMap((key) => patientsOn(evaluated, key, 'gap').map((row) => ({ key, ...row })));
  const ids = [...new Set(gapEntries.map((g) => g.patient.id))];
  const people = new Map<number, { name: string; enrolledAt: string }>();
  for (let i = 0; i < ids.length; i += 5000) {
    const chunk = ids.slice(i, i + 5000);
    const rows = await indicatorPatientsByIds(ctx.db, chunk);
    for (const r of rows) people.set(r.id, r);
  }
  return {
    figures: figures(evaluated, targets),
    byInstitution: figuresBy(evaluated, (p) => p.institutionId, new Map([...institutionName].filter(([id]) => inScope(id)))),
    byDoctor: figuresBy(evaluated, (p) => p.doctorId, doctorName),
    gaps: gapEntries.map((g) => ({
      key: g.key,
      patientId: g.patient.id,
      name: people.get(g.patient.id)?.name ?? '',
      institution: institutionName.get(g.patient.institutionId) ?? '',
      enrolledAt: people.get(g.patient.id)?.enrolledAt ?? '',
      count: g.count,
    })),
  };
}

const KEY_CODES = INDICATOR_KEYS.map((key) => ({ value: key, label: INDICATOR_DEFINITIONS[key].label.zh }));

const figureColumns: SheetColumn<IndicatorFigure>[] = [
  { key: 'indicator.key', header: '指标', type: 'text', codes: KEY_CODES, value: (r) => r.key },
  { key: 'indicator.label', header: '指标名称', type: 'text', value: (r) => r.label },
  { key: 'indicator.numerator', header: '分子', type: 'number', value: (r) => r.numerator },
  { key: 'indicator.denominator', header: '分母', type: 'number', value: (r) => r.denominator },
  { key: 'indicator.rate', header: '率', type: 'number', unit: PERCENT, value: (r) => r.rate },
  { key: 'indicator.target', header: '目标值', type: 'number', unit: PERCENT, value: (r) => r.target ?? null },
  {
    key: 'indicator.met',
    header: '是否达标',
    type: 'text',
    codes: [
      { value: '达标', label: '率达到目标值' },
      { value: '未达标', label: '率未达到目标值' },
    ],
    value: (r) => (r.met === undefined ? null : r.met ? '达标' : '未达标'),
  },
  { key: 'indicator.unit', header: '计数单位', type: 'text', value: (r) => INDICATOR_DEFINITIONS[r.key].unit },
  { key: 'indicator.numeratorDefinition', header: '分子定义', type: 'text', value: (r) => INDICATOR_DEFINITIONS[r.key].numerator },
  { key: 'indicator.denominatorDefinition', header: '分母定义', type: 'text', value: (r) => INDICATOR_DEFINITIONS[r.key].denominator },
  { key: 'indicator.source', header: '数据来源', type: 'text', value: (r) => INDICATOR_DEFINITIONS[r.key].source },
];

function rowColumns(prefix: string, idHeader: string, nameHeader: string): SheetColumn<IndicatorRow>[] {
  return [
    { key: `${prefix}.id`, header: idHeader, type: 'number', value: (r) => r.id },
    { key: `${prefix}.name`, header: nameHeader, type: 'text', value: (r) => r.name },
    ...INDICATOR_KEYS.flatMap((key): SheetColumn<IndicatorRow>[] => {
      const label = INDICATOR_DEFINITIONS[key].label.zh;
      const of = (r: IndicatorRow) => r.indicators.find((i) => i.key === key);
      return [
        { key: `${prefix}.${key}.numerator`, header: `${label}·分子`, type: 'number', value: (r) => of(r)?.numerator ?? 0 },
        { key: `${prefix}.${key}.denominator`, header: `${label}·分母`, type: 'number', value: (r) => of(r)?.denominator ?? 0 },
        { key: `${prefix}.${key}.rate`, header: `${label}·率`, type: 'number', unit: PERCENT, value: (r) => of(r)?.rate ?? null },
      ];
    }),
  ];
}

const gapColumns: SheetColumn<GapRow>[] = [
  { key: 'gap.indicator', header: '指标', type: 'text', codes: KEY_CODES, value: (r) => r.key },
  { key: 'gap.patientId', header: '患者编号', type: 'number', value: (r) => r.patientId },
  { key: 'gap.name', header: '姓名', type: 'text', value: (r) => r.name },
  { key: 'gap.institution', header: '机构', type: 'text', value: (r) => r.institution },
  { key: 'gap.enrolledAt', header: '入组日期', type: 'date', value: (r) => r.enrolledAt },
  { key: 'gap.count', header: '未达标次数', type: 'number', value: (r) => r.count },
];

export const indicatorExport: ReportExportDefinition = {
  key: 'indicators',
  path: IndicatorPaths.exportExcel,
  name: { zh: '管理质量指标', en: 'Management quality indicators', fileStem: 'management-indicators' },
  summary: 'The management quality indicators of a period: figures with definitions and targets, by institution, by doctor, gap lists',
  query: indicatorQuery,
  async check(ctx, query) {
    await resolveIndicatorQuery(ctx, query as IndicatorQuery);
  },
  sheets(ctx, _scope, query): AnySheet[] {
    let computed: Promise<Computed> | undefined;
    const sheet = <R>(name: string, columns: readonly SheetColumn<R>[], rows: (c: Computed) => R[]) =>
      anySheet<R>({
        name,
        columns,
        async *pages() {
          computed ??= compute(ctx, query as IndicatorQuery);
          yield* singlePage(rows(await computed));
        },
      });
    return [
      sheet('指标', figureColumns, (c) => c.figures),
      sheet('各机构', rowColumns('institution', '机构编号', '机构名称'), (c) => c.byInstitution),
      sheet('各医生', rowColumns('doctor', '医生编号', '医生姓名'), (c) => c.byDoctor),
      sheet('差距名单', gapColumns, (c) => c.gaps),
    ];
  },
};
