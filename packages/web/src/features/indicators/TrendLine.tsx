import { AXIS_COLOR, ChartFrame, ValueAxis } from '../outcomes/charts/ChartFrame';
import { linearScale, textWidth } from '../outcomes/charts/scale';

interface Props {
  /** The chart's accessible name. */
  label: string;
  points: readonly { period: string; rate: number | null }[];
  color?: string;
  height?: number;
}

const TICKS = [0, 50, 100];
const percent = (value: number) => `${value}%`;

/**
 * One indicator's rate over the trailing periods: a line through the periods that have a rate (an
 * empty denominator leaves a gap), the first and last period named under the axis.
 */
export function TrendLine({ label, points, color = '#1677ff', height = 96 }: Props) {
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
            <line x1={left} x2={width - right} y1={bottom} y2={bottom} stroke={AXIS_COLOR} />
            {segments.map((d) => (
              <path key={d} d={d} fill="none" stroke={color} strokeWidth={2} />
            ))}
            {points.map((p, i) =>
              p.rate === null ? null : (
                <circle key={p.period} cx={x(i)} cy={y(p.rate)} r={3} fill={color}>
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
