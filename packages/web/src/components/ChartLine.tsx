export interface LinePoint {
  /** YYYY-MM-DD. */
  date: string;
  value: number;
}

interface Props {
  title: string;
  unit: string;
  points: LinePoint[];
  /** Horizontal reference lines (e.g. FPG 6.1 and 7.0). */
  references?: { value: number; label: string }[];
  emptyText: string;
  width?: number;
  height?: number;
}

const PAD = { top: 16, right: 16, bottom: 40, left: 44 };

function dayNumber(date: string): number {
  return Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / 86_400_000;
}

/** One measure over time as plain SVG (x: date, y: value), with a table as the text alternative. */
export function ChartLine({ title, unit, points, references = [], emptyText, width = 420, height = 220 }: Props) {
  const sorted = [...points].sort((a, b) => a.date.localeCompare(b.date));
  const values = [...sorted.map((p) => p.value), ...references.map((r) => r.value)];
  const minValue = values.length ? Math.min(...values) : 0;
  const maxValue = values.length ? Math.max(...values) : 1;
  const span = maxValue - minValue || Math.max(1, Math.abs(maxValue) * 0.1);
  const low = minValue - span * 0.1;
  const high = maxValue + span * 0.1;
  const days = sorted.map((p) => dayNumber(p.date));
  const first = days[0] ?? 0;
  const last = days[days.length - 1] ?? 1;
  const innerW = width - PAD.left - PAD.right;
  const innerH = height - PAD.top - PAD.bottom;
  const x = (day: number) => PAD.left + (last === first ? innerW / 2 : ((day - first) / (last - first)) * innerW);
  const y = (value: number) => PAD.top + (1 - (value - low) / (high - low)) * innerH;
  const ticks = [low, (low + high) / 2, high];
  const label = `${title}（${unit}）`;
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
              points={sorted.map((p, index) => `${x(days[index] ?? 0)},${y(p.value)}`).join(' ')}
              fill="none"
              stroke="#1677ff"
              strokeWidth={2}
            />
            {sorted.map((p, index) => (
              <g key={p.date}>
                <circle cx={x(days[index] ?? 0)} cy={y(p.value)} r={3.5} fill="#1677ff" />
                <text x={x(days[index] ?? 0)} y={y(p.value) - 8} fontSize={10} textAnchor="middle" fill="#262626">
                  {p.value}
                </text>
              </g>
            ))}
            {(sorted.length > 1 ? [sorted[0], sorted[sorted.length - 1]] : [sorted[0]]).map(
              (p, index) =>
                p && (
                  <text
                    key={index === 0 ? 'first' : 'last'}
                    x={x(dayNumber(p.date))}
                    y={PAD.top + innerH + 16}
                    fontSize={11}
                    textAnchor={sorted.length === 1 ? 'middle' : index === 0 ? 'start' : 'end'}
                    fill="#595959"
                  >
                    {p.date.slice(0, 10)}
                  </text>
                ),
            )}
          </svg>
          <table className="visually-hidden">
            <caption>{label}</caption>
            <tbody>
              {sorted.map((p) => (
                <tr key={p.date}>
                  <th scope="row">{p.date.slice(0, 10)}</th>
                  <td>{p.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}
