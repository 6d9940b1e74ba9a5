import { ChartFrame, ValueAxis } from '../../../components/charts/ChartFrame';
import { linearScale, niceTicks, stepPath, textWidth } from '../../../components/charts/scale';
import { GROUP_STYLE, type GroupKey } from '../chart-data';

export interface SurvivalCurve {
  group: GroupKey;
  name: string;
  /** [day, survival in percent], as `survivalLine` draws them. */
  points: readonly (readonly [number, number])[];
}

interface Props {
  curves: readonly SurvivalCurve[];
  dayAxis: string;
  survivalAxis: string;
  label: string;
  height: number;
}

const SURVIVAL_TICKS = [0, 20, 40, 60, 80, 100];
const percentText = (value: number) => `${value}%`;

/** The text of one point for pointer users: `管理组 · 随访天数 120: 96.7%`. */
export function survivalPointText(curve: string, dayAxis: string, [day, percent]: readonly [number, number]): string {
  return `${curve} · ${dayAxis} ${day}: ${percent.toFixed(1)}%`;
}

/** Diabetes-free survival per group as step lines from 100 % at day 0; the comparison group dashed. */
export function SurvivalChart({ curves, dayAxis, survivalAxis, label, height }: Props) {
  const lastDay = Math.max(1, ...curves.flatMap((curve) => curve.points.map(([day]) => day)));
  const dayTicks = niceTicks(0, lastDay, 6, 1);
  const legend = curves.map((curve) => ({ label: curve.name, color: GROUP_STYLE[curve.group].color, mark: GROUP_STYLE[curve.group].mark }));
  return (
    <ChartFrame label={label} height={height} legend={legend}>
      {(width) => {
        const left = textWidth(percentText(100), 12) + 14;
        const right = 8 + textWidth(String(dayTicks[dayTicks.length - 1]), 12) / 2;
        const top = 24;
        const bottom = height - 44;
        const x = linearScale([0, dayTicks[dayTicks.length - 1] ?? 1], [left, width - right]);
        const y = linearScale([0, 100], [bottom, top]);
        return (
          <>
            <ValueAxis
              name={survivalAxis}
              ticks={SURVIVAL_TICKS}
              tickText={percentText}
              y={y}
              left={left}
              right={width - right}
              top={top}
              bottom={bottom}
            />
            <line className="chart-axis" x1={left} x2={width - right} y1={bottom} y2={bottom} />
            {dayTicks.map((tick) => (
              <text key={tick} x={x(tick)} y={bottom + 18} textAnchor="middle">
                {tick}
              </text>
            ))}
            <text x={(left + width - right) / 2} y={height - 6} textAnchor="middle">
              {dayAxis}
            </text>
            {curves.map((curve) => {
              const style = GROUP_STYLE[curve.group];
              return (
                <g key={curve.group} data-curve={curve.group}>
                  <path
                    d={stepPath(curve.points.map(([day, percent]) => [x(day), y(percent)]))}
                    fill="none"
                    style={{ stroke: style.color }}
                    strokeWidth={2}
                    strokeDasharray={style.mark === 'dashed' ? '6 4' : undefined}
                  />
                  {curve.points.map((point) => (
                    <circle key={point[0]} cx={x(point[0])} cy={y(point[1])} r={6} fill="transparent">
                      <title>{survivalPointText(curve.name, dayAxis, point)}</title>
                    </circle>
                  ))}
                </g>
              );
            })}
          </>
        );
      }}
    </ChartFrame>
  );
}
