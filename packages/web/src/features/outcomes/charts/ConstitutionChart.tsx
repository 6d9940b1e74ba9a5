import { ChartFrame } from '../../../components/charts/ChartFrame';
import { linearScale, niceTicks, textWidth } from '../../../components/charts/scale';
import { GROUP_STYLE, type GroupKey } from '../chart-data';

export interface ConstitutionText {
  baseline: string;
  latest: string;
  countAxis: string;
}

interface Props {
  types: readonly { key: string; label: string }[];
  counts: { baseline: Record<string, number>; latest: Record<string, number> };
  group: GroupKey;
  text: ConstitutionText;
  label: string;
  height: number;
}

/** The baseline bar is pale and the latest one solid: the shift reads as "pale → solid". */
const MOMENTS = [
  { key: 'baseline', opacity: 0.45 },
  { key: 'latest', opacity: 1 },
] as const;

/** Patients per constitution type at baseline and at the latest assessment, as horizontal bar pairs. */
export function ConstitutionChart({ types, counts, group, text, label, height }: Props) {
  const { color } = GROUP_STYLE[group];
  const count = (moment: 'baseline' | 'latest', key: string) => counts[moment][key] ?? 0;
  const most = Math.max(1, ...types.flatMap((type) => [count('baseline', type.key), count('latest', type.key)]));
  const ticks = niceTicks(0, most, 5, 1);
  const legend = MOMENTS.map((moment) => ({ label: text[moment.key], color, mark: 'box' as const, opacity: moment.opacity }));
  return (
    <ChartFrame label={label} height={height} legend={legend}>
      {(width) => {
        const left = Math.max(...types.map((type) => textWidth(type.label, 12))) + 14;
        const right = 32;
        const top = 4;
        const bottom = height - 40;
        const x = linearScale([0, ticks[ticks.length - 1] ?? 1], [left, width - right]);
        const band = (bottom - top) / Math.max(1, types.length);
        const barHeight = Math.min(12, band * 0.36);
        return (
          <>
            {ticks.map((tick) => (
              <g key={tick}>
                <line className="chart-grid" x1={x(tick)} x2={x(tick)} y1={top} y2={bottom} />
                <text x={x(tick)} y={bottom + 18} textAnchor="middle">
                  {tick}
                </text>
              </g>
            ))}
            <line className="chart-axis" x1={left} x2={width - right} y1={bottom} y2={bottom} />
            <line className="chart-axis" x1={left} x2={left} y1={top} y2={bottom} />
            <text x={(left + width - right) / 2} y={height - 4} textAnchor="middle">
              {text.countAxis}
            </text>
            {types.map((type, index) => {
              const middle = top + band * (index + 0.5);
              return (
                <g key={type.key} data-type={type.key}>
                  <text x={left - 8} y={middle} textAnchor="end" dominantBaseline="middle">
                    {type.label}
                  </text>
                  {MOMENTS.map((moment, row) => {
                    const value = count(moment.key, type.key);
                    const barTop = middle + (row === 0 ? -barHeight - 1 : 1);
                    return (
                      <g key={moment.key}>
                        <rect
                          x={left}
                          y={barTop}
                          width={x(value) - left}
                          height={barHeight}
                          style={{ fill: color }}
                          opacity={moment.opacity}
                        >
                          <title>{`${type.label} · ${text[moment.key]}: ${value}`}</title>
                        </rect>
                        <text x={x(value) + 4} y={barTop + barHeight / 2} dominantBaseline="middle" fontSize={11}>
                          {value}
                        </text>
                      </g>
                    );
                  })}
                </g>
              );
            })}
          </>
        );
      }}
    </ChartFrame>
  );
}
