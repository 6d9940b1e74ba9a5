// Axis arithmetic for the report's charts, kept free of React so that it is tested with numbers worked
// by hand.

/** A tick step of 1, 2 or 5 × 10^k close to span/count (never below `minStep`): steps a reader can add. */
export function niceStep(span: number, count: number, minStep = 0): number {
  const raw = span / count;
  if (!(raw > 0) || !Number.isFinite(raw)) return Math.max(1, minStep);
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return Math.max(nice * power, minStep);
}

/** Digits a step needs after the decimal point (0.25 → 2), so that 0.1 + 0.2 prints as 0.3. */
function stepDecimals(step: number): number {
  const text = String(step);
  const point = text.indexOf('.');
  return point < 0 ? 0 : text.length - point - 1;
}

/**
 * About `count` evenly spaced ticks covering [min, max]: from the multiple of the step at or below
 * `min` to the one at or above `max`. The first and last ticks are the axis's ends.
 */
export function niceTicks(min: number, max: number, count = 5, minStep = 0): number[] {
  const low = Math.min(min, max);
  const high = low === Math.max(min, max) ? low + Math.max(1, minStep) : Math.max(min, max);
  const step = niceStep(high - low, count, minStep);
  const decimals = stepDecimals(step);
  const first = Math.floor(low / step + 1e-9);
  const last = Math.ceil(high / step - 1e-9);
  const ticks: number[] = [];
  for (let index = first; index <= last; index += 1) ticks.push(Number((index * step).toFixed(decimals)));
  return ticks;
}

/** Maps [domain[0], domain[1]] onto [range[0], range[1]] (a degenerate domain maps to the range's middle). */
export function linearScale(domain: readonly [number, number], range: readonly [number, number]): (value: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  if (d1 === d0) return () => (r0 + r1) / 2;
  return (value) => r0 + ((value - d0) / (d1 - d0)) * (r1 - r0);
}

/**
 * The SVG path of a step line that holds each value until the next point and then moves to it
 * vertically (a Kaplan–Meier curve falls at each event day, never between).
 */
export function stepPath(points: readonly (readonly [number, number])[]): string {
  return points.map(([x, y], index) => (index === 0 ? `M${round(x)} ${round(y)}` : `H${round(x)}V${round(y)}`)).join('');
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * About how wide a text is drawn at `fontSize` px, to leave room for axis labels: a Chinese character
 * is a full em, anything else about 0.6 em (the charts use the system sans-serif font).
 */
export function textWidth(text: string, fontSize: number): number {
  let ems = 0;
  for (const character of text) ems += /[\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]/.test(character) ? 1 : 0.6;
  return ems * fontSize;
}
