import {
  CCMQ_SUBSCALES,
  type OutcomeEstimate,
  type OutcomeGroup,
  type OutcomeInstitutionRow,
  type OutcomeMean,
  OutcomePaths,
  type OutcomeReport,
  SYMPTOM_EFFICACY_LABELS,
} from '@tcm/contracts';
import { computeOutcomeReport } from '../../outcomes/service';
import { singlePage } from '../paging';
import { type AnySheet, anySheet, type ReportExportDefinition, type SheetColumn } from '../sheet';

/**
 * /api/programme/outcomes/exportExcel: the programme outcome report (docs/outcomes.md) as one
 * workbook, a sheet per table of the page: Table 1, the outcomes with their 95 % CIs, the group
 * comparison, the Kaplan–Meier steps, the constitution shift and the institutions. The report is
 * computed once, when the first sheet is written; the engine puts the codebook second.
 */

/** One cell group of a table row: a count, a share (count of a denominator) or a mean with its CI. */
interface Figure {
  denominator?: number | null;
  count?: number | null;
  value: number | null;
  low?: number | null;
  high?: number | null;
}

interface FigureRow {
  measure: string;
  unit: string | null;
  managed: Figure | null;
  comparison: Figure | null;
  diabetic?: Figure | null;
}

const count = (value: number): Figure => ({ value });
const share = (s: { count: number; proportion: number | null }, denominator: number): Figure => ({
  denominator,
  count: s.count,
  value: s.proportion,
});
const mean = (m: OutcomeMean): Figure => ({ denominator: m.n, value: m.mean, low: m.low, high: m.high });

const GROUP_COLUMNS = [
  ['managed', '管理组'],
  ['comparison', '对照组（糖尿病前期）'],
  ['diabetic', '对照组（糖尿病）'],
] as const;

function figureColumns(prefix: string, groups: readonly (typeof GROUP_COLUMNS)[number][]): SheetColumn<FigureRow>[] {
  const labelColumns: SheetColumn<FigureRow>[] = [
    { key: `${prefix}.measure`, header: '指标', type: 'text', value: (r) => r.measure },
    { key: `${prefix}.unit`, header: '单位', type: 'text', value: (r) => r.unit },
  ];
  const parts = [
    ['denominator', '分母（人数）'],
    ['count', '例数'],
    ['value', '值'],
    ['low', '95%CI下限'],
    ['high', '95%CI上限'],
  ] as const;
  return [
    ...labelColumns,
    ...groups.flatMap(([group, label]) =>
      parts.map(
        ([part, header]): SheetColumn<FigureRow> => ({
          key: `${prefix}.${group}.${part}`,
          header: `${label}·${header}`,
          type: 'number',
          value: (r) => r[group]?.[part] ?? null,
        }),
      ),
    ),
  ];
}

const PROPORTION = '比例（0–1）';

function tableOneRows(report: OutcomeReport): FigureRow[] {
  const { managed: m, comparison: c } = report.groups;
  const d = report.diabeticComparison;
  const both = (measure: string, unit: string | null, of: (g: OutcomeGroup) => Figure): FigureRow => ({
    measure,
    unit,
    managed: of(m),
    comparison: of(c),
  });
  return [
    { ...both('入组人数', '人', (g) => count(g.enrolled)), diabetic: count(d.enrolled) },
    both('有基线血糖记录（附件1）', '人', (g) => count(g.baseline.withBaseline)),
    both('基线年龄', '岁', (g) => mean(g.baseline.age)),
    both('男性', PROPORTION, (g) => share(g.baseline.male, g.baseline.withBaseline)),
    both('基线体质指数', 'kg/m²', (g) => mean(g.baseline.bmi)),
    both('基线空腹血糖', 'mmol/L', (g) => mean(g.baseline.fpg)),
    both('基线OGTT 2小时血糖', 'mmol/L', (g) => mean(g.baseline.ogtt2h)),
    both('基线糖化血红蛋白', '%', (g) => mean(g.baseline.hba1c)),
    { ...both('随访按时率', PROPORTION, (g) => ({ value: g.followUpOnTime })), diabetic: { value: d.followUpOnTime } },
    { measure: '末次随访控制满意比例', unit: PROPORTION, managed: null, comparison: null, diabetic: { value: d.satisfactoryShare } },
  ];
}

function outcomeRows(report: OutcomeReport): FigureRow[] {
  const { managed: m, comparison: c } = report.groups;
  const both = (measure: string, unit: string | null, of: (g: OutcomeGroup) => Figure): FigureRow => ({
    measure,
    unit,
    managed: of(m),
    comparison: of(c),
  });
  const efficacy = m.symptomEfficacy;
  const bands = efficacy
    ? ([
        ['cure', efficacy.cured],
        ['marked', efficacy.marked],
        ['effective', efficacy.effective],
        ['ineffective', efficacy.ineffective],
      ] as const)
    : [];
  const efficacyRows = bands.map(
    ([band, n]): FigureRow => ({
      measure: `中医症状疗效·${SYMPTOM_EFFICACY_LABELS[band].zh}`,
      unit: '人',
      managed: count(n),
      comparison: null,
    }),
  );
  return [
    both('基线为糖尿病前期', '人', (g) => count(g.prediabetesAtBaseline)),
    both('可评价（基线后有血糖复查）', '人', (g) => count(g.evaluable)),
    both('随访人年', '人年', (g) => ({ value: g.personYears })),
    both('进展为糖尿病', PROPORTION, (g) => share(g.progressed, g.evaluable)),
    both('糖尿病发生率', '例/100人年', (g) => ({ count: g.progressed.count, value: g.progressed.per100PersonYears })),
    both('逆转为正常', PROPORTION, (g) => share(g.reverted, g.evaluable)),
    both('体重变化', '%', (g) => mean(g.weightChangePercent)),
    both('体重下降≥5%', PROPORTION, (g) => share(g.weightLoss5, g.weightChangePercent.n)),
    both('空腹血糖变化', 'mmol/L', (g) => mean(g.fpgChange)),
    both('OGTT 2小时血糖变化', 'mmol/L', (g) => mean(g.ogtt2hChange)),
    both('糖化血红蛋白变化', '%', (g) => mean(g.hba1cChange)),
    both('糖化血红蛋白下降≥0.2%', PROPORTION, (g) => share(g.hba1cDrop02, g.hba1cChange.n)),
    ...efficacyRows,
  ];
}

interface EffectRow {
  measure: string;
  method: string;
  estimate: OutcomeEstimate;
  /** A test's p value beside the estimate (the log-rank test beside the hazard ratio). */
  p?: number | null;
  /** Why the estimate may be missing, when it is not an empty group or a zero count. */
  whyNotEstimable?: string;
}

const effectColumns: SheetColumn<EffectRow>[] = [
  { key: 'effect.measure', header: '指标（管理组对比对照组）', type: 'text', value: (r) => r.measure },
  { key: 'effect.method', header: '方法', type: 'text', value: (r) => r.method },
  { key: 'effect.value', header: '估计值', type: 'number', value: (r) => r.estimate?.value ?? null },
  { key: 'effect.low', header: '95%CI下限', type: 'number', value: (r) => r.estimate?.low ?? null },
  { key: 'effect.high', header: '95%CI上限', type: 'number', value: (r) => r.estimate?.high ?? null },
  {
    key: 'effect.significant',
    header: '差异有统计学意义',
    type: 'text',
    value: (r) => (r.estimate ? (r.estimate.significant ? '是' : '否（置信区间包含无效值）') : null),
  },
  { key: 'effect.p', header: 'P值', type: 'number', value: (r) => r.p ?? null },
  {
    key: 'effect.note',
    header: '说明',
    type: 'text',
    value: (r) => (r.estimate ? null : (r.whyNotEstimable ?? '不可估计（某组人数为0，或两组事件数均为0）')),
  },
];

/** The risk ratio's method, naming the zero-cell correction when it was applied. */
const ratioMethod = (estimate: OutcomeEstimate) =>
  estimate?.method === 'haldaneAnscombe' ? '对数法，Haldane–Anscombe校正（各格加0.5）' : '对数法';

function effectRows(report: OutcomeReport): EffectRow[] {
  const e = report.effect;
  return [
    { measure: '进展为糖尿病·风险比', method: ratioMethod(e.progressionRiskRatio), estimate: e.progressionRiskRatio },
    { measure: '进展为糖尿病·风险差', method: 'Newcombe混合得分法', estimate: e.progressionRiskDifference },
    {
      measure: '进展为糖尿病·需治疗人数（NNT）',
      method: '风险差的倒数；风险差为负时为获益',
      estimate: e.nnt ?? null,
      whyNotEstimable: '不可估计（风险差的置信区间包含0）',
    },
    {
      measure: '进展为糖尿病·风险比（HR）',
      method: 'Cox比例风险模型（Breslow法处理同日事件）；P值为log-rank检验',
      estimate: e.hazardRatio ?? null,
      p: e.logRankP ?? null,
      whyNotEstimable: '不可估计（某组无人进展，或无人进展）',
    },
    { measure: '逆转为正常·风险比', method: ratioMethod(e.reversionRiskRatio), estimate: e.reversionRiskRatio },
    { measure: '体重变化（%）·均数差', method: 'Welch t检验', estimate: e.weightChangeDifference },
  ];
}

interface SurvivalRow {
  group: string;
  day: number;
  survival: number;
  atRisk: number;
}

const survivalColumns: SheetColumn<SurvivalRow>[] = [
  { key: 'survival.group', header: '组别', type: 'text', value: (r) => r.group },
  { key: 'survival.day', header: '基线后天数', type: 'number', unit: '天', value: (r) => r.day },
  { key: 'survival.survival', header: '未进展为糖尿病比例（Kaplan–Meier）', type: 'number', value: (r) => r.survival },
  { key: 'survival.atRisk', header: '风险人数', type: 'number', unit: '人', value: (r) => r.atRisk },
];

interface ConstitutionRow {
  type: string;
  managed: [number, number];
  comparison: [number, number];
}

const constitutionColumns: SheetColumn<ConstitutionRow>[] = [
  { key: 'constitution.type', header: '体质类型（是/基本是）', type: 'text', value: (r) => r.type },
  { key: 'constitution.managed.baseline', header: '管理组·基线', type: 'number', value: (r) => r.managed[0] },
  { key: 'constitution.managed.latest', header: '管理组·最近', type: 'number', value: (r) => r.managed[1] },
  { key: 'constitution.comparison.baseline', header: '对照组·基线', type: 'number', value: (r) => r.comparison[0] },
  { key: 'constitution.comparison.latest', header: '对照组·最近', type: 'number', value: (r) => r.comparison[1] },
];

function constitutionRows(report: OutcomeReport): ConstitutionRow[] {
  const { managed: m, comparison: c } = report.groups;
  return [
    { type: '再次评估人数', managed: [m.constitution.n, m.constitution.n], comparison: [c.constitution.n, c.constitution.n] },
    ...CCMQ_SUBSCALES.map((s) => ({
      type: s.zh,
      managed: [m.constitution.baseline[s.key] ?? 0, m.constitution.latest[s.key] ?? 0] as [number, number],
      comparison: [c.constitution.baseline[s.key] ?? 0, c.constitution.latest[s.key] ?? 0] as [number, number],
    })),
  ];
}

type InstitutionRow = OutcomeReport['byInstitution'][number];

function institutionColumns(): SheetColumn<InstitutionRow>[] {
  const parts: [keyof OutcomeInstitutionRow, string, string | undefined][] = [
    ['enrolled', '入组人数', '人'],
    ['baselineComplete', '有基线测量', '人'],
    ['followUpOnTime', '随访按时率', PROPORTION],
    ['evaluable', '可评价', '人'],
    ['progressed', '进展为糖尿病', '人'],
    ['reverted', '逆转为正常', '人'],
  ];
  return [
    { key: 'institution.id', header: '机构编号', type: 'number', value: (r) => r.institutionId },
    { key: 'institution.name', header: '机构名称', type: 'text', value: (r) => r.name },
    ...(['managed', 'comparison'] as const).flatMap((group) =>
      parts.map(
        ([part, header, unit]): SheetColumn<InstitutionRow> => ({
          key: `institution.${group}.${part}`,
          header: `${group === 'managed' ? '管理组' : '对照组'}·${header}`,
          type: 'number',
          unit,
          value: (r) => r[group][part],
        }),
      ),
    ),
  ];
}

export const outcomeReportExport: ReportExportDefinition = {
  key: 'outcomes',
  path: OutcomePaths.exportReport,
  name: { zh: '项目成效报告', en: 'Programme outcome report', fileStem: 'programme-outcomes' },
  summary:
    'The programme outcome report as a workbook: Table 1, outcomes with 95 % CIs, group comparison, survival, constitution, institutions',
  sheets(ctx, scope): AnySheet[] {
    let report: Promise<OutcomeReport> | undefined;
    const sheet = <R>(name: string, columns: readonly SheetColumn<R>[], rows: (r: OutcomeReport) => R[]) =>
      anySheet<R>({
        name,
        columns,
        async *pages() {
          // The workbook follows the report's default policy, intention to treat.
          report ??= computeOutcomeReport(ctx, { ...scope, policy: 'intentionToTreat' });
          yield* singlePage(rows(await report));
        },
      });
    return [
      sheet('两组基线（表1）', figureColumns('table1', GROUP_COLUMNS), tableOneRows),
      sheet('结局指标', figureColumns('outcome', GROUP_COLUMNS.slice(0, 2)), outcomeRows),
      sheet('组间比较', effectColumns, effectRows),
      sheet('生存分析', survivalColumns, (r) => [
        ...r.survival.managed.map((s) => ({ group: '管理组', ...s })),
        ...r.survival.comparison.map((s) => ({ group: '对照组（糖尿病前期）', ...s })),
      ]),
      sheet('体质变化', constitutionColumns, constitutionRows),
      sheet('各机构', institutionColumns(), (r) => r.byInstitution),
    ];
  },
};
