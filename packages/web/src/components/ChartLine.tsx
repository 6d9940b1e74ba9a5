import { theme } from 'antd';
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
  width?: number;
  height?: number;
}

const PAD = { top: 16, right: 16, bottom: 40, left: 44 };
/** Horizontal gap between points of the same day, so that equal values on one day stay distinguishable. */
const SAME_DAY_GAP = 6;

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

/** One measure over time as plain SVG (x: date, y: value), with a table as the text alternative. */
export function ChartLine({ title, unit, points, references = [], emptyText, headers, width = 420, height = 220 }: Props) {
  // The theme's primary colour (antd token), not antd's default blue.
  const { token } = theme.useToken();
  const sorted = sortedPoints(points);
  const values = [...sorted.map((p) => p.value), ...references.map((r) => r.value)];
  const minValue = values.length ? Math.min(...values) : 0;
  const maxValue = values.length ? Math.max(...values) : 1;
  const span = maxValue - minValue || Math.max(1, Math.abs(maxValue) * 0.1);
  const low = minValue - span * 0.1;
  const high = maxValue + span * 0.1;
  const days = sorted.map((p) => dayNumber(p.date));
  const offsets = sameDayOffsets(sorted);
  const first = days[0] ?? 0;
  const last = days[days.length - 1] ?? 1;
  const innerW = width - PAD.left - PAD.right;
  const innerH = height - PAD.top - PAD.bottom;
  const x = (day: number) => PAD.left + (last === first ? innerW / 2 : ((day - first) / (last - first)) * innerW);
  const pointX = (index: number) => x(days[index] ?? 0) + (offsets[index] ?? 0);
  const y = (value: number) => PAD.top + (1 - (value - low) / (high - low)) * innerH;
  const ticks = [low, (low + high) / 2, high];
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
          <svg viewBox={`0 0 ${width} ${height}`} width="100%" style={{ maxWidth: width }} role="img" aria-label={label}>
            <title>{label}</title>
            <line x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={PAD.top + innerH} stroke="#8c8c8c" />
            <line x1={PAD.left} y1={PAD.top + innerH} x2={PAD.left + innerW} y2={PAD.top + innerH} stroke="#8c8c8c" />
            {ticks.map((tick) => (
              <text key={tick} x={PAD.left - 6} y={y(tick)} fontSize={11} textAnchor="end" dominantBaseline="middle" fill="#595959">
                {tick.toFixed(1)}
              </text>
            ))}
            {references.map((ref) => (
              <g key={ref.label}>
                <line x1={PAD.left} x2={PAD.left + innerW} y1={y(ref.value)} y2={y(ref.value)} stroke="#fa8c16" strokeDasharray="4 4" />
                <text x={PAD.left + innerW} y={y(ref.value) - 4} fontSize={10} textAnchor="end" fill="#ad4e00">
                  {ref.label}
                </text>
              </g>
            ))}
            <polyline
              points={sorted.map((p, index) => `${pointX(index)},${y(p.value)}`).join(' ')}
              fill="none"
              stroke={token.colorPrimary}
              strokeWidth={2}
            />
            {sorted.map((p, index) => (
              <g key={p.key} data-point={p.key}>
                {/* The SVG tooltip: which record the point is, for pointer users. */}
                <title>{pointText(p)}</title>
                <circle cx={pointX(index)} cy={y(p.value)} r={3.5} fill={token.colorPrimary} />
                <text x={pointX(index)} y={y(p.value) - 8} fontSize={10} textAnchor="middle" fill="#262626">
                  {p.value}
                </text>
              </g>
            ))}
            {axisDates(sorted).map((date, index, dates) => (
              <text
                key={date}
                x={x(dayNumber(date))}
                y={PAD.top + innerH + 16}
                fontSize={11}
                textAnchor={dates.length === 1 ? 'middle' : index === 0 ? 'start' : 'end'}
                fill="#595959"
              >
                {date}
              </text>
            ))}
          </svg>
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
