import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { axisDates, ChartLine, type LinePoint, pointText, sameDayOffsets, sortedPoints, valueTicks } from './ChartLine';

const HEADERS = { date: '记录日期', source: '来源' };

const SAME_DAY: LinePoint[] = [
  { key: '7-12', date: '2026-03-01', value: 6.4, source: '附件7 随访记录' },
  { key: '1-10', date: '2026-03-01', value: 6.5, source: '附件1 诊断记录' },
  { key: '9-30', date: '2026-02-01', value: 7.2, source: '附件9 2型糖尿病患者随访服务记录表' },
];

function render(points: LinePoint[]): string {
  return renderToStaticMarkup(<ChartLine title="空腹血糖" unit="mmol/L" points={points} emptyText="暂无数据" headers={HEADERS} />);
}

function count(html: string, pattern: RegExp): number {
  return [...html.matchAll(pattern)].length;
}

describe('sortedPoints', () => {
  it('orders by date and keeps the given order within a day', () => {
    expect(sortedPoints(SAME_DAY).map((p) => p.key)).toEqual(['9-30', '7-12', '1-10']);
  });
});

describe('sameDayOffsets', () => {
  it('spreads points of one day symmetrically and leaves single points on their day', () => {
    const sorted = sortedPoints(SAME_DAY);
    expect(sameDayOffsets(sorted)).toEqual([0, -3, 3]);
  });

  it('spreads three points of one day around the middle one', () => {
    const three = ['a', 'b', 'c'].map((key) => ({ key, date: '2026-03-01', value: 1 }));
    expect(sameDayOffsets(three)).toEqual([-6, 0, 6]);
  });
});

describe('axisDates', () => {
  it('labels the first and the last day', () => {
    expect(axisDates(sortedPoints(SAME_DAY))).toEqual(['2026-02-01', '2026-03-01']);
  });

  it('labels a shared day once, however many points it has', () => {
    expect(axisDates(SAME_DAY.slice(0, 2))).toEqual(['2026-03-01']);
  });

  it('labels nothing without points', () => {
    expect(axisDates([])).toEqual([]);
  });
});

describe('pointText', () => {
  it('names the date, the source and the value', () => {
    expect(pointText({ key: '7-1', date: '2026-03-01', value: 6.4, source: '附件7 随访记录' })).toBe('2026-03-01 附件7 随访记录: 6.4');
  });

  it('leaves the source out when there is none', () => {
    expect(pointText({ key: 'x', date: '2026-03-01T00:00:00Z', value: 70 })).toBe('2026-03-01: 70');
  });
});

describe('valueTicks', () => {
  it('covers the points and the reference lines with nice steps', () => {
    // FPG 6.4, 6.5, 7.2 with the lines at 6.1 and 7.0: span 7.2 − 6.1 = 1.1; 1.1 / 4 = 0.275 → 0.5.
    expect(valueTicks([6.4, 6.5, 7.2, 6.1, 7.0])).toEqual([6, 6.5, 7, 7.5]);
  });

  it('puts a single value mid-axis, a tenth of it (at least 1) either side', () => {
    // 70 kg: 63–77, span 14 / 4 = 3.5 → 5; 60 … 80.
    expect(valueTicks([70])).toEqual([60, 65, 70, 75, 80]);
    // 5.6 %: 4.6–6.6, span 2 / 4 = 0.5 → 0.5; 4.5 … 7.
    expect(valueTicks([5.6])).toEqual([4.5, 5, 5.5, 6, 6.5, 7]);
  });
});

describe('ChartLine markup', () => {
  it('draws every point of a shared day, with a tooltip each, on the line', () => {
    const html = render(SAME_DAY);
    expect(count(html, /<circle /g)).toBe(3);
    expect(html).toContain('<title>2026-03-01 附件7 随访记录: 6.4</title>');
    expect(html).toContain('<title>2026-03-01 附件1 诊断记录: 6.5</title>');
    const line = /<polyline points="([^"]+)"/.exec(html)?.[1] ?? '';
    const xs = line.split(' ').map((pair) => Number(pair.split(',')[0]));
    expect(xs).toHaveLength(3);
    expect(new Set(xs).size).toBe(3);
  });

  it('lists every point in the text alternative, with its source, in date order', () => {
    const html = render(SAME_DAY);
    const rows = [...html.matchAll(/<tr><th scope="row">([^<]+)<\/th><td>([^<]*)<\/td><td>([^<]+)<\/td><\/tr>/g)].map((m) => m.slice(1));
    expect(rows).toEqual([
      ['2026-02-01', '附件9 2型糖尿病患者随访服务记录表', '7.2'],
      ['2026-03-01', '附件7 随访记录', '6.4'],
      ['2026-03-01', '附件1 诊断记录', '6.5'],
    ]);
    expect(html).toContain('<th scope="col">来源</th>');
    expect(html).toContain('<th scope="col">空腹血糖（mmol/L）</th>');
  });

  it('writes a day shared by every point once under the axis', () => {
    const html = render(SAME_DAY.slice(0, 2));
    expect(count(html, /class="chart-muted"[^>]*text-anchor="middle">2026-03-01</g)).toBe(1);
    expect(count(html, />2026-03-01<\/text>/g)).toBe(1);
  });

  it('draws the value axis at the nice ticks, with a gridline each', () => {
    const html = render(SAME_DAY);
    // 6.4, 6.5 and 7.2 (no reference lines here): span 0.8 / 4 = 0.2 → 0.2; 6.4 … 7.2.
    const labels = [...html.matchAll(/text-anchor="end" dominant-baseline="middle">([^<]+)</g)].map((m) => m[1]);
    expect(labels).toEqual(['6.4', '6.6', '6.8', '7', '7.2']);
    expect(count(html, /class="chart-grid"/g)).toBe(5);
  });

  it('stays an accessible image with a name', () => {
    const html = render(SAME_DAY);
    expect(html).toContain('role="img" aria-label="空腹血糖（mmol/L）"');
    expect(html).toContain('<caption>空腹血糖（mmol/L）</caption>');
  });

  it('omits the source column when no point has a source', () => {
    const html = render([{ key: 'a', date: '2026-03-01', value: 70 }]);
    expect(html).not.toContain('来源');
    expect(html).toContain('<tr><th scope="row">2026-03-01</th><td>70</td></tr>');
  });

  it('says what a value means (the BP category) in its tooltip and in a column of the table', () => {
    const points: LinePoint[] = [
      { key: '9-1', date: '2026-03-01', value: 182, source: '附件9', note: '3级高血压（重度，≥180/≥110）' },
      { key: '6-2', date: '2026-02-01', value: 128, source: '附件6' },
    ];
    const html = renderToStaticMarkup(
      <ChartLine title="收缩压" unit="mmHg" points={points} emptyText="暂无数据" headers={{ ...HEADERS, note: '血压分级' }} />,
    );
    expect(html).toContain('<title>2026-03-01 附件9: 182 · 3级高血压（重度，≥180/≥110）</title>');
    expect(html).toContain('<th scope="col">血压分级</th>');
    expect(html).toContain('<td>182</td><td>3级高血压（重度，≥180/≥110）</td></tr>');
    expect(html).toContain('<td>128</td><td></td></tr>');
    expect(render(SAME_DAY)).not.toContain('血压分级');
  });

  it('shows the empty text without a chart when there are no points', () => {
    const html = render([]);
    expect(html).toContain('暂无数据');
    expect(html).not.toContain('<svg');
  });
});
