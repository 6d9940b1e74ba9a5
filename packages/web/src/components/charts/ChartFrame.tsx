import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import './charts.css';

export const FONT_SIZE = 12;
/** Drawn before the first measurement (and in tests, which have no layout). */
export const FALLBACK_WIDTH = 560;

export interface LegendItem {
  label: string;
  /** A CSS colour: the theme's token variable (`var(--ant-color-primary)`), as the series uses. */
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
        <rect x={4} y={1} width={16} height={10} rx={2} style={{ fill: item.color }} opacity={item.opacity} />
      ) : (
        <line
          x1={0}
          x2={24}
          y1={6}
          y2={6}
          style={{ stroke: item.color }}
          strokeWidth={2}
          strokeDasharray={item.mark === 'dashed' ? '6 4' : undefined}
        />
      )}
    </svg>
  );
}

interface ValueAxisProps {
  /** The axis's name, written above it (none when empty). */
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
      {name && (
        <text x={left - 8} y={Math.max(FONT_SIZE, top - 14)} textAnchor="start">
          {name}
        </text>
      )}
      {ticks.map((tick) => (
        <g key={tick}>
          <line className="chart-grid" x1={left} x2={right} y1={y(tick)} y2={y(tick)} />
          <text x={left - 8} y={y(tick)} textAnchor="end" dominantBaseline="middle">
            {tickText(tick)}
          </text>
        </g>
      ))}
      <line className="chart-axis" x1={left} x2={left} y1={top} y2={bottom} />
    </>
  );
}

interface Props {
  /** The chart's accessible name; its numbers are in the data table beside it. */
  label: string;
  /** Height of the drawing, legend excluded; a function of the width for a drawing that keeps its shape. */
  height: number | ((width: number) => number);
  legend?: readonly LegendItem[];
  /** Draws the chart at the width it has. */
  children: (width: number) => ReactNode;
}

/**
 * A chart as plain SVG, sized in CSS pixels to the width of its container (so its text stays 12 px on
 * any screen) and scaled to fit a narrower printed page. The drawing is an image to assistive
 * technology: the chart's data table (or list) beside it is its text alternative. The legend is HTML
 * text. Colours come from the theme's CSS variables (charts.css, the series' own `color`).
 */
export function ChartFrame({ label, height, legend, children }: Props) {
  const [ref, width] = useWidth();
  const drawnHeight = typeof height === 'function' ? height(width) : height;
  return (
    <div ref={ref} className="chart-frame" data-testid="chart-frame">
      {legend && (
        <ul className="chart-frame-legend">
          {legend.map((item) => (
            <li key={item.label}>
              <LegendMark item={item} />
              {item.label}
            </li>
          ))}
        </ul>
      )}
      <svg role="img" aria-label={label} viewBox={`0 0 ${width} ${drawnHeight}`} width="100%" height={drawnHeight} fontSize={FONT_SIZE}>
        {children(width)}
      </svg>
    </div>
  );
}
