import { ChartFrame, FONT_SIZE, ValueAxis } from './ChartFrame';
import { linearScale, niceTicks, textWidth } from './scale';

export interface LinePoint {
  /** Unique among the chart's points (several points may share a date). */
  key: string;
  /** YYYY-MM-DD. */
  date: string;
  value: number;
  /** Where the value comes from (e.g. 附件7 随访记录), said in the tooltip and the table. */
  source?: string;
  /** What the value means (e.g. the BP category), said in the tooltip and the table. */
  note?: string;
}

/** Column headers of the text alternative (the value column is headed by the chart's title and unit). */
export interface LineTableHeaders {
  date: string;
  source: string;
  /** Heads the notes column, shown when a point has a note. */
  note?: string;
}

interface Props {
  title: string;
  unit: string;
  points: LinePoint[];
  /** Horizontal reference lines (e.g. FPG 6.1 and 7.0). */
  references?: { value: number; label: string }[];
  emptyText: string;
  headers: LineTableHeaders;
  height?: number;
}

/** Room around the plot: the value labels above the top point, the dates under the axis. */
const PAD = { top: 16, right: 16, bottom: 28 };
/** Horizontal gap between points of the same day, so that equal values on one day stay distinguishable. */
const SAME_DAY_GAP = 6;
/** About this many steps up the value axis: a 220 px chart has room for four or five labelled gridlines. */
const VALUE_TICKS = 4;

function dayNumber(date: string): number {
  return Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / 86_400_000;
}

/** Points in date order; the sort is stable, so points of one day keep the order they were given in. */
export function sortedPoints(points: readonly LinePoint[]): LinePoint[] {
  return [...points].sort((a, b) => a.date.slice(0, 10).localeCompare(b.date.slice(0, 10)));
}

/**
 * Each point's offset from its day's x: points sharing a day are spread symmetrically around it
 * (0 for a day with a single point).
 */
export function sameDayOffsets(points: readonly LinePoint[]): number[] {
  const perDay = new Map<string, number>();
  for (const p of points) perDay.set(p.date.slice(0, 10), (perDay.get(p.date.slice(0, 10)) ?? 0) + 1);
  const seen = new Map<string, number>();
  return points.map((p) => {
    const day = p.date.slice(0, 10);
    const index = seen.get(day) ?? 0;
    seen.set(day, index + 1);
    return (index - ((perDay.get(day) ?? 1) - 1) / 2) * SAME_DAY_GAP;
  });
}

/**
 * The dates labelled under the x axis: the first and the last day, or that one day when every point
 * shares it (two labels at one x would print over each other).
 */
export function axisDates(sorted: readonly LinePoint[]): string[] {
  const first = sorted[0]?.date.slice(0, 10);
  const last = sorted[sorted.length - 1]?.date.slice(0, 10);
  if (first === undefined || last === undefined) return [];
  return first === last ? [first] : [first, last];
}

/** The point as one line of text: `2026-03-01 附件7 随访记录: 6.4`, then its note (`: 150 · 1级高血压…`). */
export function pointText(point: LinePoint): string {
  return `${point.date.slice(0, 10)}${point.source ? ` ${point.source}` : ''}: ${point.value}${point.note ? ` · ${point.note}` : ''}`;
}

/**
 * The value axis's ticks (nice steps, scale.ts) covering every point and reference line. A single value
 * is given a tenth of itself (at least 1) on either side, so that it sits mid-chart rather than on an
 * edge.
 */
export function valueTicks(values: readonly number[]): number[] {
  if (values.length === 0) return niceTicks(0, 1, VALUE_TICKS);
  const low = Math.min(...values);
  const high = Math.max(...values);
  if (low !== high) return niceTicks(low, high, VALUE_TICKS);
  const pad = Math.max(1, Math.abs(low) * 0.1);
  return niceTicks(low - pad, high + pad, VALUE_TICKS);
}

/**
 * One measure over time (x: date, y: value) on the chart toolkit (ChartFrame, scale.ts): as wide as
 * its column, a nice value axis, the reference lines dashed, and a table as the text alternative.
 */
export function ChartLine({ title, unit, points, references = [], emptyText, headers, height = 220 }: Props) {
  const sorted = sortedPoints(points);
  const ticks = valueTicks([...sorted.map((p) => p.value), ...references.map((r) => r.value)]);
  const days = sorted.map((p) => dayNumber(p.date));
  const offsets = sameDayOffsets(sorted);
  const label = `${title}（${unit}）`;
  const withSources = sorted.some((p) => p.source);
  const withNotes = sorted.some((p) => p.note);
  return (
    <figure className="chart chart-line" data-testid="chart-line">
      <figcaption className="chart-title">{label}</figcaption>
      {sorted.length === 0 ? (
        <p className="chart-empty">{emptyText}</p>
      ) : (
        <>
          <ChartFrame label={label} height={height}>
            {(width) => {
              const left = Math.max(...ticks.map((tick) => textWidth(String(tick), FONT_SIZE))) + 14;
              const right = width - PAD.right;
              const bottom = height - PAD.bottom;
              const x = linearScale([days[0] ?? 0, days[days.length - 1] ?? 0], [left, right]);
              const y = linearScale([ticks[0] ?? 0, ticks[ticks.length - 1] ?? 1], [bottom, PAD.top]);
              const pointX = (index: number) => x(days[index] ?? 0) + (offsets[index] ?? 0);
              return (
                <>
                  <ValueAxis name="" ticks={ticks} tickText={String} y={y} left={left} right={right} top={PAD.top} bottom={bottom} />
                  <line className="chart-axis" x1={left} x2={right} y1={bottom} y2={bottom} />
                  {references.map((ref) => (
                    <g key={ref.label}>
                      <line className="chart-reference" x1={left} x2={right} y1={y(ref.value)} y2={y(ref.value)} />
                      <text className="chart-reference-label" x={right} y={y(ref.value) - 4} fontSize={10} textAnchor="end">
                        {ref.label}
                      </text>
                    </g>
                  ))}
                  <polyline
                    points={sorted.map((p, index) => `${pointX(index)},${y(p.value)}`).join(' ')}
                    fill="none"
                    style={{ stroke: 'var(--ant-color-primary)' }}
                    strokeWidth={2}
                  />
                  {sorted.map((p, index) => (
                    <g key={p.key} data-point={p.key}>
                      {/* The SVG tooltip: which record the point is, for pointer users. */}
                      <title>{pointText(p)}</title>
                      <circle cx={pointX(index)} cy={y(p.value)} r={3.5} style={{ fill: 'var(--ant-color-primary)' }} />
                      <text x={pointX(index)} y={y(p.value) - 8} fontSize={11} textAnchor="middle">
                        {p.value}
                      </text>
                    </g>
                  ))}
                  {axisDates(sorted).map((date, index, dates) => (
                    <text
                      key={date}
                      className="chart-muted"
                      x={x(dayNumber(date))}
                      y={bottom + 18}
                      textAnchor={dates.length === 1 ? 'middle' : index === 0 ? 'start' : 'end'}
                    >
                      {date}
                    </text>
                  ))}
                </>
              );
            }}
          </ChartFrame>
          <table className="visually-hidden">
            <caption>{label}</caption>
            <thead>
              <tr>
                <th scope="col">{headers.date}</th>
                {withSources && <th scope="col">{headers.source}</th>}
                <th scope="col">{label}</th>
                {withNotes && <th scope="col">{headers.note ?? ''}</th>}
              </tr>
            </thead>
            <tbody>
              {sorted.map((p) => (
                <tr key={p.key}>
                  <th scope="row">{p.date.slice(0, 10)}</th>
                  {withSources && <td>{p.source ?? ''}</td>}
                  <td>{p.value}</td>
                  {withNotes && <td>{p.note ?? ''}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}
