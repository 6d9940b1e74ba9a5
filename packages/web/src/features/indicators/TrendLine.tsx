import { ChartFrame, ValueAxis } from '../../components/charts/ChartFrame';
import { linearScale, niceTicks, textWidth } from '../../components/charts/scale';

interface Props {
  /** The chart's accessible name. */
  label: string;
  points: readonly { period: string; rate: number | null }[];
  /** A CSS colour; the theme's primary by default. */
  color?: string;
  height?: number;
}

/** A rate runs 0–100 %; at 96 px high, three ticks (every 50 %) are all the axis has room for. */
const TICKS = niceTicks(0, 100, 2);
const percent = (value: number) => `${value}%`;

/**
 * One indicator's rate over the trailing periods: a line through the periods that have a rate (an
 * empty denominator leaves a gap), the first and last period named under the axis.
 */
export function TrendLine({ label, points, color = 'var(--ant-color-primary)', height = 96 }: Props) {
  return (
    <ChartFrame label={label} height={height}>
      {(width) => {
        const left = textWidth(percent(100), 12) + 12;
        const right = 8;
        const top = 10;
        const bottom = height - 22;
        const x = linearScale([0, Math.max(1, points.length - 1)], [left, width - right]);
        const y = linearScale([0, 100], [bottom, top]);
        const segments: string[] = [];
        let current = '';
        points.forEach((p, i) => {
          if (p.rate === null) {
            if (current) segments.push(current);
            current = '';
            return;
          }
          current += `${current ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.rate).toFixed(1)}`;
        });
        if (current) segments.push(current);
        const first = points[0]?.period ?? '';
        const last = points.at(-1)?.period ?? '';
        return (
          <>
            <ValueAxis name="" ticks={TICKS} tickText={percent} y={y} left={left} right={width - right} top={top} bottom={bottom} />
            <line className="chart-axis" x1={left} x2={width - right} y1={bottom} y2={bottom} />
            {segments.map((d) => (
              <path key={d} d={d} fill="none" style={{ stroke: color }} strokeWidth={2} />
            ))}
            {points.map((p, i) =>
              p.rate === null ? null : (
                <circle key={p.period} cx={x(i)} cy={y(p.rate)} r={3} style={{ fill: color }}>
                  <title>{`${p.period}: ${p.rate}%`}</title>
                </circle>
              ),
            )}
            <text x={left} y={height - 4} textAnchor="start">
              {first}
            </text>
            <text x={width - right} y={height - 4} textAnchor="end">
              {last}
            </text>
          </>
        );
      }}
    </ChartFrame>
  );
}
