import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

export const FONT_SIZE = 12;
export const TEXT_COLOR = '#262626';
export const AXIS_COLOR = '#595959';
export const GRID_COLOR = '#e8e8e8';
/** Drawn before the first measurement (and in tests, which have no layout). */
const FALLBACK_WIDTH = 560;

export interface LegendItem {
  label: string;
  color: string;
  /** A line sample (solid or dashed) for curves, a filled box for bars. */
  mark: 'line' | 'dashed' | 'box';
  opacity?: number;
}

/** The width of the element in CSS pixels, followed as it changes (window, panel, printed page). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const measured = Math.floor(element.clientWidth);
      if (measured > 0) setWidth(measured);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

function LegendMark({ item }: { item: LegendItem }) {
  return (
    <svg width={24} height={12} aria-hidden focusable="false">
      {item.mark === 'box' ? (
        <rect x={4} y={1} width={16} height={10} rx={2} fill={item.color} opacity={item.opacity} />
      ) : (
        <line
          x1={0}
          x2={24}
          y1={6}
          y2={6}
          stroke={item.color}
          strokeWidth={2}
          strokeDasharray={item.mark === 'dashed' ? '6 4' : undefined}
        />
      )}
    </svg>
  );
}

interface ValueAxisProps {
  /** The axis's name, written above it. */
  name: string;
  ticks: readonly number[];
  tickText: (tick: number) => string;
  y: (value: number) => number;
  /** The plot area: the axis at `left`, gridlines to `right`, from `top` to `bottom`. */
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** A vertical value axis: its name above, a gridline and label at each tick, and the axis line. */
export function ValueAxis({ name, ticks, tickText, y, left, right, top, bottom }: ValueAxisProps) {
  return (
    <>
      <text x={left - 8} y={Math.max(FONT_SIZE, top - 14)} textAnchor="start">
        {name}
      </text>
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={left} x2={right} y1={y(tick)} y2={y(tick)} stroke={GRID_COLOR} />
          <text x={left - 8} y={y(tick)} textAnchor="end" dominantBaseline="middle">
            {tickText(tick)}
          </text>
        </g>
      ))}
      <line x1={left} x2={left} y1={top} y2={bottom} stroke={AXIS_COLOR} />
    </>
  );
}

interface Props {
  /** The chart's accessible name; its numbers are in the data table beside it. */
  label: string;
  /** Height of the drawing, legend excluded. */
  height: number;
  legend?: readonly LegendItem[];
  /** Draws the chart at the width it has. */
  children: (width: number) => ReactNode;
}

/**
 * A chart of the report as plain SVG, sized in CSS pixels to the width of its container (so its text
 * stays 12 px on any screen) and scaled to fit a narrower printed page. The drawing is an image to
 * assistive technology: the figure's data table is its text alternative. The legend is HTML text.
 */
export function ChartFrame({ label, height, legend, children }: Props) {
  const [ref, width] = useWidth();
  return (
    <div ref={ref} className="outcome-chart" data-testid="outcome-chart">
      {legend && (
        <ul className="outcome-chart-legend">
          {legend.map((item) => (
            <li key={item.label}>
              <LegendMark item={item} />
              {item.label}
            </li>
          ))}
        </ul>
      )}
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        height={height}
        fontSize={FONT_SIZE}
        fill={TEXT_COLOR}
      >
        {children(width)}
      </svg>
    </div>
  );
}
