import type { SurvivalPoint } from '@tcm/contracts/api/outcomes';
// Types only: this module builds plain option objects, so it (and its tests) never load ECharts.
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

export type OutcomeChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

export type GroupKey = 'managed' | 'comparison';

/**
 * The two groups keep one colour each on every chart, and the comparison group's line is dashed, so
 * the curves stay apart on a black-and-white print and for readers who do not tell the colours apart.
 */
export const GROUP_STYLE: Record<GroupKey, { color: string; lineType: 'solid' | 'dashed' }> = {
  managed: { color: '#0f6b57', lineType: 'solid' },
  comparison: { color: '#b35900', lineType: 'dashed' },
};

const TEXT_COLOR = '#262626';
const AXIS_COLOR = '#595959';
const GRID = { left: 56, right: 24, top: 40, bottom: 48, containLabel: true } as const;

/**
 * The points of one Kaplan–Meier curve as drawn: survival in percent. The curve starts at day 0 with
 * 100 % (no one has progressed before time zero, by definition), even when the first point the
 * server lists is the first event.
 */
export function survivalLine(points: readonly SurvivalPoint[]): [number, number][] {
  const line = points.map((p): [number, number] => [p.day, p.survival * 100]);
  if (line.length > 0 && (line[0]?.[0] ?? 0) > 0) line.unshift([0, 100]);
  return line;
}

interface TooltipItem {
  marker?: unknown;
  seriesName?: string;
  value?: unknown;
}

/** `随访天数 120` then each curve's survival at that day: `管理组: 97.5%`. */
export function survivalTooltip(params: TooltipItem | TooltipItem[], dayLabel: string): string {
  const items = Array.isArray(params) ? params : [params];
  const lines = items.flatMap((item) => {
    const [day, percent] = Array.isArray(item.value) ? item.value : [];
    if (typeof day !== 'number' || typeof percent !== 'number') return [];
    return [{ day, text: `${typeof item.marker === 'string' ? item.marker : ''}${item.seriesName ?? ''}: ${percent.toFixed(1)}%` }];
  });
  if (lines.length === 0) return '';
  return [`${dayLabel} ${lines[0]?.day}`, ...lines.map((line) => line.text)].join('<br/>');
}

export interface SurvivalText {
  groups: Record<GroupKey, string>;
  dayAxis: string;
  survivalAxis: string;
}

/** Diabetes-free survival per group as step lines (a Kaplan–Meier curve falls at each event day). */
export function survivalOption(survival: Record<GroupKey, readonly SurvivalPoint[]>, text: SurvivalText): OutcomeChartOption {
  const groups: GroupKey[] = ['managed', 'comparison'];
  return {
    animation: false,
    textStyle: { color: TEXT_COLOR },
    grid: GRID,
    legend: { top: 0, data: groups.map((g) => text.groups[g]) },
    tooltip: { trigger: 'axis', formatter: (params) => survivalTooltip(params, text.dayAxis) },
    xAxis: {
      type: 'value',
      name: text.dayAxis,
      nameLocation: 'middle',
      nameGap: 28,
      min: 0,
      axisLine: { lineStyle: { color: AXIS_COLOR } },
    },
    yAxis: {
      type: 'value',
      name: text.survivalAxis,
      min: 0,
      max: 100,
      axisLabel: { formatter: '{value}%' },
      axisLine: { show: true, lineStyle: { color: AXIS_COLOR } },
    },
    series: groups.map(
      (g): LineSeriesOption => ({
        type: 'line',
        name: text.groups[g],
        step: 'end',
        showSymbol: false,
        data: survivalLine(survival[g]),
        itemStyle: { color: GROUP_STYLE[g].color },
        lineStyle: { color: GROUP_STYLE[g].color, type: GROUP_STYLE[g].lineType, width: 2 },
      }),
    ),
  };
}

export interface GroupBar {
  group: GroupKey;
  /** The category under the bar (the group's name). */
  name: string;
  /** Null: nothing to draw for this group (no patient with two values). */
  value: number | null;
  /** The text on the bar, e.g. `−2.3% (−3.1～−1.5)`. */
  label: string;
}

/** One bar per group (a mean or a percentage), each in its group's colour and labelled with its value. */
export function groupBarOption(
  bars: readonly GroupBar[],
  axis: { name: string; unit: string; min?: number; max?: number },
): OutcomeChartOption {
  return {
    animation: false,
    textStyle: { color: TEXT_COLOR },
    grid: { ...GRID, top: 32 },
    tooltip: { trigger: 'item' },
    xAxis: { type: 'category', data: bars.map((b) => b.name), axisLine: { lineStyle: { color: AXIS_COLOR } } },
    yAxis: {
      type: 'value',
      name: axis.name,
      axisLabel: { formatter: `{value}${axis.unit}` },
      axisLine: { show: true, lineStyle: { color: AXIS_COLOR } },
      ...(axis.min === undefined ? {} : { min: axis.min }),
      ...(axis.max === undefined ? {} : { max: axis.max }),
    },
    series: [
      {
        type: 'bar',
        barMaxWidth: 72,
        data: bars.map((b) => ({
          value: b.value ?? '-',
          itemStyle: { color: GROUP_STYLE[b.group].color },
          label: { show: b.value !== null, position: b.value !== null && b.value < 0 ? 'bottom' : 'top', formatter: b.label },
          tooltip: { formatter: `${b.name}: ${b.label}` },
        })),
      },
    ],
  };
}

export interface ConstitutionText {
  baseline: string;
  latest: string;
  countAxis: string;
}

/** Patients per constitution type at baseline and at the latest assessment (horizontal bars). */
export function constitutionOption(
  types: readonly { key: string; label: string }[],
  counts: { baseline: Record<string, number>; latest: Record<string, number> },
  text: ConstitutionText,
  group: GroupKey,
): OutcomeChartOption {
  const series = (name: string, values: Record<string, number>, opacity: number): BarSeriesOption => ({
    type: 'bar',
    name,
    data: types.map((type) => values[type.key] ?? 0),
    itemStyle: { color: GROUP_STYLE[group].color, opacity },
    label: { show: true, position: 'right' },
  });
  return {
    animation: false,
    textStyle: { color: TEXT_COLOR },
    grid: { ...GRID, left: 8, right: 32 },
    legend: { top: 0, data: [text.baseline, text.latest] },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', name: text.countAxis, minInterval: 1, axisLine: { show: true, lineStyle: { color: AXIS_COLOR } } },
    yAxis: { type: 'category', inverse: true, data: types.map((type) => type.label), axisLine: { lineStyle: { color: AXIS_COLOR } } },
    // The baseline bar is pale and the latest one solid: the shift reads as "pale → solid".
    series: [series(text.baseline, counts.baseline, 0.45), series(text.latest, counts.latest, 1)],
  };
}
