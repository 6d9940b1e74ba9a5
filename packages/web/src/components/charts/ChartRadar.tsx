import { ChartFrame } from './ChartFrame';
import { niceTicks } from './scale';

export interface RadarAxis {
  key: string;
  label: string;
  /** 0–100. */
  value: number;
}

interface Props {
  axes: RadarAxis[];
  title: string;
  /** The largest side the square drawing takes; narrower columns get a smaller radar. */
  size?: number;
  /** Reference rings drawn as dashed circles (e.g. the CCMQ's 30 and 40 thresholds). */
  marks?: number[];
}

/** Rings every 20 points of the 0–100 scale (nice ticks, the first one being the centre). */
const RINGS = niceTicks(0, 100, 5).filter((ring) => ring > 0);
/** Room between the 100 ring and the drawing's edge for the axes' names. */
const LABEL_ROOM = 64;

/**
 * A radar (spider) chart of scores on a 0–100 scale on the chart toolkit (ChartFrame: as wide as its
 * column up to `size`, square), with a list of the scores as its text alternative.
 */
export function ChartRadar({ axes, title, size = 360, marks = [] }: Props) {
  return (
    <figure className="chart" data-testid="chart-radar">
      <ChartFrame label={title} height={(width) => Math.min(width, size)}>
        {(width) => {
          const side = Math.min(width, size);
          const cx = width / 2;
          const cy = side / 2;
          const radius = Math.max(side / 2 - LABEL_ROOM, 0);
          const angle = (index: number) => (Math.PI * 2 * index) / axes.length - Math.PI / 2;
          const point = (index: number, value: number) => {
            const r = (Math.max(0, Math.min(100, value)) / 100) * radius;
            return [cx + r * Math.cos(angle(index)), cy + r * Math.sin(angle(index))] as const;
          };
          const polygon = axes.map((axis, index) => point(index, axis.value).join(',')).join(' ');
          return (
            <>
              {RINGS.map((ring) => (
                <polygon
                  key={ring}
                  className="chart-grid"
                  points={axes.map((_, index) => point(index, ring).join(',')).join(' ')}
                  fill="none"
                />
              ))}
              {marks.map((mark) => (
                <circle key={mark} className="chart-reference" cx={cx} cy={cy} r={(mark / 100) * radius} />
              ))}
              {axes.map((axis, index) => {
                const [x, y] = point(index, 100);
                const [lx, ly] = point(index, 122);
                return (
                  <g key={axis.key}>
                    <line className="chart-grid" x1={cx} y1={cy} x2={x} y2={y} />
                    <text x={lx} y={ly} textAnchor="middle" dominantBaseline="middle">
                      {axis.label}
                    </text>
                  </g>
                );
              })}
              <polygon
                points={polygon}
                fillOpacity={0.25}
                style={{ fill: 'var(--ant-color-primary)', stroke: 'var(--ant-color-primary)' }}
                strokeWidth={2}
              />
              {axes.map((axis, index) => {
                const [x, y] = point(index, axis.value);
                return <circle key={axis.key} cx={x} cy={y} r={3} style={{ fill: 'var(--ant-color-primary)' }} />;
              })}
            </>
          );
        }}
      </ChartFrame>
      <figcaption className="visually-hidden">
        <ul>
          {axes.map((axis) => (
            <li key={axis.key}>
              {axis.label}: {axis.value}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
