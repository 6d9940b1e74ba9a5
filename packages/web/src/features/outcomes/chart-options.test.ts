import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import { describe, expect, it } from 'vitest';
import { constitutionOption, GROUP_STYLE, groupBarOption, survivalLine, survivalOption, survivalTooltip } from './chart-options';

const TEXT = { groups: { managed: '管理组', comparison: '对照组' }, dayAxis: '随访天数', survivalAxis: '无糖尿病生存率' };

describe('survivalLine', () => {
  it('starts the curve at day 0 with 100 % when the first point is a later event', () => {
    expect(
      survivalLine([
        { day: 90, survival: 0.875, atRisk: 8 },
        { day: 180, survival: 0.75, atRisk: 6 },
      ]),
    ).toEqual([
      [0, 100],
      [90, 87.5],
      [180, 75],
    ]);
  });

  it('does not add a second start when the server lists day 0', () => {
    expect(survivalLine([{ day: 0, survival: 1, atRisk: 30 }])).toEqual([[0, 100]]);
  });

  it('draws nothing without points', () => {
    expect(survivalLine([])).toEqual([]);
  });
});

describe('survivalOption', () => {
  it('draws one step line per group, the comparison dashed, from 0 to 100 %', () => {
    const option = survivalOption(
      { managed: [{ day: 0, survival: 1, atRisk: 30 }], comparison: [{ day: 90, survival: 0.875, atRisk: 8 }] },
      TEXT,
    );
    const series = option.series as LineSeriesOption[];
    expect(series.map((s) => [s.name, s.step, s.lineStyle?.type])).toEqual([
      ['管理组', 'end', 'solid'],
      ['对照组', 'end', 'dashed'],
    ]);
    expect(series[1]?.data).toEqual([
      [0, 100],
      [90, 87.5],
    ]);
    expect(option.yAxis).toMatchObject({ min: 0, max: 100 });
    expect(option.animation).toBe(false);
  });
});

describe('survivalTooltip', () => {
  it('names the day and each curve with its survival', () => {
    const text = survivalTooltip(
      [
        { marker: '●', seriesName: '管理组', value: [120, 96.67] },
        { marker: '●', seriesName: '对照组', value: [120, 87.5] },
      ],
      '随访天数',
    );
    expect(text).toBe('随访天数 120<br/>●管理组: 96.7%<br/>●对照组: 87.5%');
  });

  it('is empty for anything that is not a point', () => {
    expect(survivalTooltip({ seriesName: 'x', value: 3 }, '随访天数')).toBe('');
  });
});

describe('groupBarOption', () => {
  it('draws each group in its colour, labels below a negative bar and leaves out a group without a value', () => {
    const option = groupBarOption(
      [
        { group: 'managed', name: '管理组', value: -3.24, label: '-3.2' },
        { group: 'comparison', name: '对照组', value: null, label: '—' },
      ],
      { name: '体重变化', unit: '%' },
    );
    const [series] = option.series as BarSeriesOption[];
    const data = series?.data as { value: number | string; itemStyle: { color: string }; label: { show: boolean; position: string } }[];
    expect(data.map((d) => [d.value, d.itemStyle.color, d.label.show, d.label.position])).toEqual([
      [-3.24, GROUP_STYLE.managed.color, true, 'bottom'],
      ['-', GROUP_STYLE.comparison.color, false, 'top'],
    ]);
  });
});

describe('constitutionOption', () => {
  it('counts every type in the given order, a type the report omits as 0', () => {
    const types = [
      { key: 'pinghe', label: '平和质' },
      { key: 'qixu', label: '气虚质' },
    ];
    const option = constitutionOption(
      types,
      { baseline: { pinghe: 5 }, latest: { pinghe: 11, qixu: 8 } },
      { baseline: '基线', latest: '最近', countAxis: '人数' },
      'managed',
    );
    const series = option.series as BarSeriesOption[];
    expect(series.map((s) => [s.name, s.data])).toEqual([
      ['基线', [5, 0]],
      ['最近', [11, 8]],
    ]);
    expect(option.yAxis).toMatchObject({ type: 'category', data: ['平和质', '气虚质'] });
  });
});
