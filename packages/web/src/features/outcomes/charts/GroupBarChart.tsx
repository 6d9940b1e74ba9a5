import { ChartFrame, ValueAxis } from '../../../components/charts/ChartFrame';
import { linearScale, niceTicks, textWidth } from '../../../components/charts/scale';
import { GROUP_STYLE, type GroupBar } from '../chart-data';

export interface BarAxis {
  name: string;
  unit: string;
  /** Fixed ends (a percentage of patients runs 0–100); otherwise the values and zero decide. */
  min?: number;
  max?: number;
}

interface Props {
  bars: readonly GroupBar[];
  axis: BarAxis;
  label: string;
  height: number;
}

/**
 * The value axis of a bar chart: it always holds zero and the fixed ends, and a negative bar gets a
 * tenth of the span below it for its label.
 */
export function barTicks(values: readonly number[], axis: Pick<BarAxis, 'min' | 'max'>): number[] {
  let low = Math.min(0, ...values, axis.min ?? 0);
  const high = Math.max(0, ...values, axis.max ?? 0);
  if (axis.min === undefined && low < 0) low -= (high - low) * 0.1;
  return niceTicks(low, high, 5);
}

/** One bar per group (a mean or a percentage) in its colour, labelled with its value; none for a null. */
export function GroupBarChart({ bars, axis, label, height }: Props) {
  const ticks = barTicks(
    bars.flatMap((bar) => (bar.value === null ? [] : [bar.value])),
    axis,
  );
  const low = ticks[0] ?? 0;
  const high = ticks[ticks.length - 1] ?? 1;
  const tickText = (tick: number) => `${tick}${axis.unit}`;
  return (
    <ChartFrame label={label} height={height}>
      {(width) => {
        const left = Math.max(...ticks.map((tick) => textWidth(tickText(tick), 12))) + 14;
        const right = 8;
        const top = 32;
        const bottom = height - 28;
        const y = linearScale([low, high], [bottom, top]);
        const band = (width - left - right) / Math.max(1, bars.length);
        const barWidth = Math.min(72, band * 0.5);
        return (
          <>
            <ValueAxis
              name={axis.name}
              ticks={ticks}
              tickText={tickText}
              y={y}
              left={left}
              right={width - right}
              top={top}
              bottom={bottom}
            />
            <line className="chart-axis" x1={left} x2={width - right} y1={y(0)} y2={y(0)} />
            {bars.map((bar, index) => {
              const center = left + band * (index + 0.5);
              return (
                <g key={bar.group} data-bar={bar.group}>
                  {bar.value !== null && (
                    <>
                      <rect
                        x={center - barWidth / 2}
                        y={Math.min(y(bar.value), y(0))}
                        width={barWidth}
                        height={Math.abs(y(bar.value) - y(0))}
                        style={{ fill: GROUP_STYLE[bar.group].color }}
                      >
                        <title>{`${bar.name}: ${bar.label}`}</title>
                      </rect>
                      <text x={center} y={bar.value < 0 ? y(bar.value) + 16 : y(bar.value) - 6} textAnchor="middle">
                        {bar.label}
                      </text>
                    </>
                  )}
                  <text x={center} y={bottom + 18} textAnchor="middle">
                    {bar.name}
                  </text>
                </g>
              );
            })}
          </>
        );
      }}
    </ChartFrame>
  );
}
