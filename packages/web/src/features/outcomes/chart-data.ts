import type { SurvivalPoint } from '@tcm/contracts/api/outcomes';

export type GroupKey = 'managed' | 'comparison';

/**
 * The two groups keep one colour each on every chart (the theme's primary and its dark orange, as CSS
 * variables), and the comparison group's line is dashed, so the curves stay apart on a black-and-white
 * print and for readers who do not tell the colours apart.
 */
export const GROUP_STYLE: Record<GroupKey, { color: string; mark: 'line' | 'dashed' }> = {
  managed: { color: 'var(--ant-color-primary)', mark: 'line' },
  comparison: { color: 'var(--ant-orange-8)', mark: 'dashed' },
};

/**
 * The points of one Kaplan–Meier curve as drawn: [day, survival in percent]. The curve starts at day 0
 * with 100 % (no one has progressed before time zero, by definition), even when the first point the
 * server lists is the first event.
 */
export function survivalLine(points: readonly SurvivalPoint[]): [number, number][] {
  const line = points.map((p): [number, number] => [p.day, p.survival * 100]);
  if (line.length > 0 && (line[0]?.[0] ?? 0) > 0) line.unshift([0, 100]);
  return line;
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
