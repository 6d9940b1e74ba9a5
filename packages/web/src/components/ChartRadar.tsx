import { theme } from 'antd';

export interface RadarAxis {
  key: string;
  label: string;
  /** 0–100. */
  value: number;
}

interface Props {
  axes: RadarAxis[];
  title: string;
  size?: number;
  /** Reference rings drawn as dashed circles (e.g. the CCMQ's 30 and 40 thresholds). */
  marks?: number[];
}

/** A radar (spider) chart of scores on a 0–100 scale, as plain SVG with a text alternative. */
export function ChartRadar({ axes, title, size = 360, marks = [] }: Props) {
  // The theme's primary colour (antd token), not the browser's or antd's default blue.
  const { token } = theme.useToken();
  const centre = size / 2;
  const radius = size / 2 - 64;
  const angle = (index: number) => (Math.PI * 2 * index) / axes.length - Math.PI / 2;
  const point = (index: number, value: number) => {
    const r = (Math.max(0, Math.min(100, value)) / 100) * radius;
    return [centre + r * Math.cos(angle(index)), centre + r * Math.sin(angle(index))] as const;
  };
  const polygon = axes.map((axis, index) => point(index, axis.value).join(',')).join(' ');
  const rings = [20, 40, 60, 80, 100];
  return (
    <figure className="chart" data-testid="chart-radar">
      <svg viewBox={`0 0 ${size} ${size}`} width="100%" style={{ maxWidth: size }} role="img" aria-label={title}>
        <title>{title}</title>
        {rings.map((ring) => (
          <polygon
            key={ring}
            points={axes.map((_, index) => point(index, ring).join(',')).join(' ')}
            fill="none"
            stroke="#d9d9d9"
            strokeWidth={1}
          />
        ))}
        {marks.map((mark) => (
          <circle key={mark} cx={centre} cy={centre} r={(mark / 100) * radius} fill="none" stroke="#fa8c16" strokeDasharray="4 4" />
        ))}
        {axes.map((axis, index) => {
          const [x, y] = point(index, 100);
          const [lx, ly] = point(index, 122);
          return (
            <g key={axis.key}>
              <line x1={centre} y1={centre} x2={x} y2={y} stroke="#d9d9d9" />
              <text x={lx} y={ly} fontSize={12} textAnchor="middle" dominantBaseline="middle" fill="#262626">
                {axis.label}
              </text>
            </g>
          );
        })}
        <polygon points={polygon} fill={token.colorPrimary} fillOpacity={0.25} stroke={token.colorPrimary} strokeWidth={2} />
        {axes.map((axis, index) => {
          const [x, y] = point(index, axis.value);
          return <circle key={axis.key} cx={x} cy={y} r={3} fill={token.colorPrimary} />;
        })}
      </svg>
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
