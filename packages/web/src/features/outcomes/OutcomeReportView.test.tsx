import { outcomeReport } from '@tcm/contracts/api/outcomes';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { type El, Markup, textOf } from '../../test-support/static-markup';
import { OutcomeReportView } from './OutcomeReportView';
import { outcomeReportFixture } from './outcome-report.fixture';

beforeAll(async () => {
  // initI18n sets <html lang> and reads the stored language: give it just that.
  vi.stubGlobal('document', { documentElement: { lang: '' } });
  vi.stubGlobal('localStorage', undefined);
  try {
    await initI18n();
  } finally {
    vi.unstubAllGlobals();
  }
});

function render(report = outcomeReportFixture()): Markup {
  return new Markup(renderToStaticMarkup(<OutcomeReportView report={report} scope="全市" range="全部" />));
}

function part(page: Markup, testId: string): El {
  const el = page.byTestId(testId);
  if (!el) throw new Error(`no element with data-testid="${testId}"`);
  return el;
}

/** The body rows of a table as `{ label: [managed, comparison] }`. */
function byLabel(page: Markup, testId: string): Record<string, string[]> {
  return Object.fromEntries(page.bodyRows(part(page, testId)).map(([label = '', ...cells]) => [label, cells]));
}

describe('the fixture', () => {
  it('is a report the contract accepts', () => {
    expect(outcomeReport.safeParse(outcomeReportFixture()).error?.issues).toBeUndefined();
  });
});

describe('OutcomeReportView', () => {
  it('shows the two groups side by side in Table 1, with means (95% CI), n and n (%)', () => {
    const page = render();
    const table = part(page, 'outcome-baseline-table');
    // Each measure heads its row for screen readers.
    expect(page.all((el) => el.tag === 'th' && el.attrs.scope === 'row', table).map(textOf)[0]).toBe('入组人数');
    expect(page.headers(table)).toEqual(['指标', '管理组', '对照组（糖尿病前期）']);
    const rows = byLabel(page, 'outcome-baseline-table');
    expect(Object.keys(rows)).toEqual([
      '入组人数',
      '有基线血糖记录',
      '基线为糖尿病前期',
      '可评估人数',
      '年龄（岁）',
      '男性，n（%）',
      'BMI（kg/m²）',
      '空腹血糖（mmol/L）',
      '餐后 2 小时血糖（mmol/L）',
      '糖化血红蛋白（%）',
    ]);
    expect(rows.入组人数).toEqual(['40', '20']);
    expect(rows.基线为糖尿病前期).toEqual(['34', '17']);
    expect(rows.可评估人数).toEqual(['30', '8']);
    expect(rows['年龄（岁）']).toEqual(['56.2（54.1～58.4）n = 38', '58.1（55.2～61.0）n = 19']);
    expect(rows['男性，n（%）']).toEqual(['15 (39.5%)n = 38', '9 (47.4%)n = 19']);
    // No comparison patient has a baseline HbA1c: a dash, and n = 0 says why.
    expect(rows['糖化血红蛋白（%）']).toEqual(['6.05（5.95～6.15）n = 20', '—n = 0']);
  });

  it('shows the outcomes of both groups with their CIs and denominators', () => {
    const rows = byLabel(render(), 'outcome-outcomes-table');
    expect(rows['进展为糖尿病，n（%）']).toEqual(['3 (10.0%)n = 30', '2 (25.0%)n = 8']);
    expect(rows['糖尿病发病率（/100 人年）']).toEqual(['6.59', '16.67']);
    expect(rows.随访人年).toEqual(['45.5', '12.0']);
    expect(rows['逆转为血糖正常，n（%）']).toEqual(['9 (30.0%)n = 30', '0 (0.0%)n = 8']);
    expect(rows['体重变化（%）']).toEqual(['-3.2（-4.1～-2.4）n = 25', '+0.5n = 1']);
    expect(rows['体重下降 ≥ 5%，n（%）']).toEqual(['8 (32.0%)n = 25', '0 (0.0%)n = 1']);
    expect(rows['空腹血糖变化（mmol/L）']).toEqual(['-0.35（-0.50～-0.20）n = 28', '—n = 0']);
    expect(rows['糖化血红蛋白下降 ≥ 0.2，n（%）']).toEqual(['7 (23.3%)n = 30', '0 (0.0%)n = 8']);
    expect(rows.按时随访率).toEqual(['85.0%', '—']);
  });

  it('writes 不可估计 for an estimate the server could not make, and the others with their CIs', () => {
    const rows = byLabel(render(), 'outcome-effect-table');
    expect(rows['进展风险比（RR）']?.[0]).toBe('0.40（0.08～2.02）');
    expect(rows['进展风险差（百分点）']?.[0]).toBe('-15.0（-47.0～+17.0）');
    expect(rows['逆转风险比（RR）有计数为 0 的组：各格加 0.5 校正（Haldane–Anscombe）']?.[0]).toBe('5.30（0.34～82.03）');
    expect(rows['体重变化差值（百分点）']?.[0]).toBe('不可估计');
    expect(render().html).not.toMatch(/Infinity|NaN|∞/);
  });

  it('puts the headline first, in the interface language, and says which follow-up policy it uses', () => {
    const page = render();
    expect(textOf(part(page, 'outcome-headline'))).toMatch(/^管理组 3\/30 人进展为糖尿病.*差异无统计学意义/);
    expect(textOf(part(page, 'outcome-policy'))).toBe('分析口径：意向性分析（管理结束后继续随访）');
  });

  it('reads each estimate by its interval: 差异无统计学意义 when it includes the null value, imprecise on few events', () => {
    const rows = byLabel(render(), 'outcome-effect-table');
    expect(rows['进展风险比（RR）']?.[1]).toBe('差异无统计学意义；任一组事件少于 10 例，估计不精确');
    expect(rows['进展风险比（HR，Cox 模型）']).toEqual([
      '0.38（0.06～2.30）log-rank 检验 P = 0.270',
      '差异无统计学意义；任一组事件少于 10 例，估计不精确',
    ]);
    expect(rows['需治疗人数（NNT）']).toEqual(['不可估计', '风险差的 95% CI 包含 0，不可估计']);
    // A ratio computed with 0.5 added to each cell says so beside its label.
    expect(Object.keys(rows)).toContain('逆转风险比（RR）有计数为 0 的组：各格加 0.5 校正（Haldane–Anscombe）');

    // A significant cohort: RR 0.42 (0.34–0.52) on 20 and 45 events, NNT 6.9 (5.2–10.3).
    const report = outcomeReportFixture();
    report.groups.managed.progressed.count = 20;
    report.groups.comparison.progressed.count = 45;
    report.effect.progressionRiskRatio = { value: 0.42, low: 0.34, high: 0.52, significant: true };
    report.effect.progressionRiskDifference = { value: -0.145, low: -0.193, high: -0.097, significant: true };
    report.effect.nnt = { value: 6.9, low: 5.2, high: 10.3, significant: true };
    const significant = byLabel(render(report), 'outcome-effect-table');
    expect(significant['进展风险比（RR）']?.[1]).toBe('管理组进展为糖尿病的风险较低');
    expect(significant['需治疗人数（NNT）']).toEqual(['6.9（5.2～10.3）', '每管理约 6.9 名患者，可少 1 例进展为糖尿病']);
  });

  it('shows the common-schedule analysis beside the all-measurement figures, with tests per person-year and unconfirmed values', () => {
    const page = render();
    const rows = byLabel(page, 'outcome-sensitivity-table');
    expect(page.headers(part(page, 'outcome-sensitivity-table'))).toEqual(['指标', '全部测量', '共同随访时点（结论摘要采用）']);
    expect(rows['管理组：进展为糖尿病，n（%）']).toEqual(['3 (10.0%)', '2 (6.7%)']);
    expect(rows['管理组：每人年血糖检测次数']).toEqual(['24.2', '4.1']);
    expect(rows['对照组（糖尿病前期）：每人年血糖检测次数']).toEqual(['4.0', '3.9']);
    expect(rows['管理组：未经确认的糖尿病值（人）']).toEqual(['2', '2']);
    expect(rows['进展风险比（RR）']).toEqual([
      '0.40（0.08～2.02）',
      '0.27（0.04～1.61）：差异无统计学意义；任一组事件少于 10 例，估计不精确',
    ]);
    const outcomes = byLabel(page, 'outcome-outcomes-table');
    expect(outcomes.每人年血糖检测次数).toEqual(['24.2', '4.0']);
    expect(outcomes['未经确认的糖尿病值（人，不计为进展）']).toEqual(['2', '0']);
  });

  it('lists the published results with their citations beside this programme', () => {
    const page = render();
    const rows = page.bodyRows(part(page, 'outcome-reference-table'));
    expect(rows[0]).toEqual(['本项目（本报告）', '平均 1.5 年', '6.6 vs 16.7 /100 人年', 'RR 0.40（0.08～2.02）', '—']);
    expect(rows[1]).toEqual([
      'DPP（美国，生活方式干预）',
      '2.8 年',
      '4.8 vs 11.0 /100 人年',
      '风险降低 58%；NNT 6.9（3 年）',
      'Diabetes Prevention Program Research Group (Knowler WC et al.). N Engl J Med 2002;346(6):393–403. doi:10.1056/NEJMoa012512',
    ]);
    expect(rows.map((row) => row[2])).toEqual([
      '6.6 vs 16.7 /100 人年',
      '4.8 vs 11.0 /100 人年',
      '11% vs 23%',
      '41.1–46.0% vs 67.7%',
      '18.2% vs 29.3%',
      '27.8% vs 42.7%',
    ]);
    expect(rows[3]?.[3]).toBe('风险降低 31–46%');
    expect(rows[4]?.[3]).toBe('风险降低 32.1%');
    expect(rows[5]?.[3]).toBe('HR 0.59（0.46～0.74）');
  });

  it('defines 人年, 删失, CI, HR and NNT on hover (keyboard-reachable buttons) and in a glossary', () => {
    const page = render();
    const terms = page.all((el) => el.tag === 'button' && el.attrs.class === 'outcome-term').map((el) => el.attrs['data-term']);
    for (const term of ['evaluable', 'personYears', 'censored', 'ci', 'hazardRatio', 'nnt']) expect(terms, term).toContain(term);
    const glossary = textOf(part(page, 'outcome-section-glossary'));
    for (const word of ['人年', '删失', '95% 置信区间（CI）', '风险比 HR（Cox 模型）', '需治疗人数（NNT）', '可评估人数'])
      expect(glossary).toContain(word);
  });

  it('keeps each heading with its first block, so print never leaves a heading alone at a page foot', () => {
    const page = render();
    const heads = page.all((el) => el.tag === 'div' && el.attrs.class === 'outcome-section-head');
    const sections = page.all((el) => el.tag === 'section' && (el.attrs.class ?? '').includes('outcome-section'));
    expect(heads).toHaveLength(sections.length);
    for (const head of heads) {
      // The heading and at least one block of content after it.
      expect(head.children.filter((child) => typeof child !== 'string').length).toBeGreaterThan(1);
    }
  });

  it('says visibly that the comparison group has too few evaluable patients, with the counts', () => {
    const page = render();
    const note = part(page, 'report-too-few');
    expect(textOf(note)).toBe('人数过少（少于 10 名）：管理组 30 名，对照组 8 名，结果不稳定，仅供参考。');
    expect(note.attrs.class).toContain('outcome-too-few');
    expect(note.attrs.class ?? '').not.toContain('visually-hidden');
    // The survival figure and the outcomes rest on the same patients and say so too.
    expect(page.byTestId('outcome-survival-too-few')).toBeDefined();
    expect(page.byTestId('outcomes-too-few')).toBeDefined();
    // The weight figures rest on 25 and 1 patients with two weights.
    expect(textOf(part(page, 'outcome-weight-change-basis'))).toBe('基于有两次体重记录的患者：管理组 25 名，对照组 1 名');
    expect(textOf(part(page, 'outcome-weight-change-too-few'))).toContain('对照组 1 名');
  });

  it('gives no too-few note once both groups reach the minimum of 10 evaluable', () => {
    const report = outcomeReportFixture();
    report.groups.comparison.evaluable = 10;
    const page = render(report);
    expect(page.byTestId('report-too-few')).toBeUndefined();
    expect(page.byTestId('outcome-survival-too-few')).toBeUndefined();
    expect(textOf(part(page, 'outcome-survival-basis'))).toBe('基于可评估患者：管理组 30 名，对照组 10 名');
    report.groups.managed.evaluable = 9;
    expect(render(report).byTestId('report-too-few')).toBeDefined();
  });

  it('gives every chart a data table as its text alternative, in a 数据表 toggle', () => {
    const page = render();
    const figures = [
      'outcome-survival',
      'outcome-weight-change',
      'outcome-weight-loss',
      'outcome-constitution-managed',
      'outcome-constitution-comparison',
    ];
    for (const id of figures) {
      const data = part(page, `${id}-data`);
      expect(data.tag, id).toBe('details');
      expect(textOf(page.all((el) => el.tag === 'summary', data)[0] as El), id).toBe('数据表');
      expect(
        page.all((el) => el.tag === 'caption', data),
        id,
      ).toHaveLength(1);
    }
    const survival = part(page, 'outcome-survival-data');
    expect(page.headers(survival)).toEqual(['组别', '随访天数', '无糖尿病生存率', '在险人数']);
    expect(page.bodyRows(survival)).toEqual([
      ['管理组', '0', '100.0%', '30'],
      ['管理组', '120', '96.7%', '28'],
      ['管理组', '200', '90.0%', '20'],
      ['对照组（糖尿病前期）', '90', '87.5%', '8'],
      ['对照组（糖尿病前期）', '180', '75.0%', '6'],
    ]);
    expect(page.bodyRows(part(page, 'outcome-weight-loss-data'))).toEqual([
      ['管理组', '8 (32.0%)', '25'],
      ['对照组（糖尿病前期）', '0 (0.0%)', '1'],
    ]);
    const constitution = page.bodyRows(part(page, 'outcome-constitution-managed-data'));
    expect(constitution[0]).toEqual(['平和质', '5', '11', '+6']);
    expect(constitution[1]).toEqual(['气虚质', '12', '8', '-4']);
    expect(constitution[2]).toEqual(['阳虚质', '3', '3', '0']);
  });

  it('bases the constitution shift on the patients assessed twice, and says when they are too few', () => {
    const page = render();
    expect(textOf(part(page, 'outcome-constitution-managed-basis'))).toContain('患者 26 名');
    expect(page.byTestId('outcome-constitution-managed-too-few')).toBeUndefined();
    expect(textOf(part(page, 'outcome-constitution-comparison-basis'))).toContain('患者 9 名');
    expect(textOf(part(page, 'outcome-constitution-comparison-too-few'))).toBe('人数过少（9 名，少于 10 名），结果不稳定，仅供参考。');
  });

  it('describes the diabetic comparison members apart, and says they are too few', () => {
    const page = render();
    expect(textOf(part(page, 'outcome-diabetic'))).toBe('入组人数6按时随访率50.0%血糖控制满意比例66.7%');
    expect(textOf(part(page, 'outcome-diabetic-too-few'))).toBe('人数过少（6 名，少于 10 名），结果不稳定，仅供参考。');
  });

  it('lists each institution with both groups, sortable on the issue’s columns', () => {
    const page = render();
    const table = part(page, 'outcome-institution-table');
    expect(page.bodyRows(table)).toEqual([
      ['城东社区卫生服务中心', '25', '24', '90.0%', '20', '1', '7', '12', '11', '—', '5', '1', '0'],
      ['城西社区卫生服务中心', '15', '14', '75.0%', '10', '2', '2', '8', '8', '60.0%', '3', '1', '0'],
    ]);
    const sortable = page.all((el) => el.tag === 'th' && (el.attrs.class ?? '').includes('data-table-sortable'), table).map(textOf);
    expect(sortable).toEqual([
      '基线资料完整',
      '按时随访',
      '可评估人数',
      '进展',
      '逆转',
      '基线资料完整',
      '按时随访',
      '可评估人数',
      '进展',
      '逆转',
    ]);
  });

  it('shows symptom efficacy for the managed group only', () => {
    expect(textOf(part(render(), 'outcome-symptom'))).toBe('临床痊愈2显效6有效10无效4');
    const report = outcomeReportFixture();
    report.groups.managed.symptomEfficacy = null;
    expect(render(report).byTestId('outcome-symptom')).toBeUndefined();
  });

  it('says that there is nothing to draw rather than an empty chart', () => {
    const report = outcomeReportFixture();
    report.survival = { managed: [], comparison: [] };
    const survival = part(render(report), 'outcome-survival');
    expect(textOf(survival)).toContain('暂无可绘制的数据');
  });
});

describe('the first report on the screen (isProgressive)', () => {
  const sections = (page: Markup) => page.all((el) => el.tag === 'section' && /^outcome-section-/.test(el.attrs['data-testid'] ?? ''));

  it('renders the header and the baseline first, and says the rest is loading', () => {
    // A server render is the first render: it holds what the browser paints before the rest follows.
    const first = new Markup(
      renderToStaticMarkup(<OutcomeReportView report={outcomeReportFixture()} scope="全市" range="全部" isProgressive />),
    );
    expect(textOf(part(first, 'outcome-report'))).toContain('管理组入组 40 名');
    expect(sections(first).map((el) => el.attrs['data-testid'])).toEqual(['outcome-section-baseline']);
    expect(first.all((el) => el.attrs.role === 'status').map(textOf)).toEqual(['加载中…']);
  });

  it('renders every section at once otherwise', () => {
    expect(sections(render()).length).toBeGreaterThan(8);
  });
});
