// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resetAfterEachTest } from '../../test-support/after-each';
import { ChartFrame, FALLBACK_WIDTH, ValueAxis } from './ChartFrame';
import { ChartRadar } from './ChartRadar';
import { linearScale } from './scale';

resetAfterEachTest(cleanup);

/** Gives every element the layout width a browser would measure, for the length of one test. */
function withClientWidth(width: number, run: () => void) {
  const descriptor = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width });
  try {
    run();
  } finally {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, 'clientWidth', descriptor);
  }
}

describe('ChartFrame', () => {
  it('draws at the width of its container, in CSS pixels', () => {
    withClientWidth(312.6, () => {
      const widths: number[] = [];
      const { getByRole } = render(
        <ChartFrame label="体重" height={120}>
          {(width) => {
            widths.push(width);
            return null;
          }}
        </ChartFrame>,
      );
      expect(getByRole('img', { name: '体重' }).getAttribute('viewBox')).toBe('0 0 312 120');
      expect(widths.at(-1)).toBe(312);
    });
  });

  it('draws at the fallback width before anything is measured', () => {
    const { getByRole } = render(
      <ChartFrame label="体重" height={(width) => width / 2}>
        {() => null}
      </ChartFrame>,
    );
    expect(getByRole('img', { name: '体重' }).getAttribute('viewBox')).toBe(`0 0 ${FALLBACK_WIDTH} ${FALLBACK_WIDTH / 2}`);
  });

  it('lists the legend as text, each item with its colour sample', () => {
    const { container } = render(
      <ChartFrame label="曲线" height={100} legend={[{ label: '管理组', color: 'var(--ant-color-primary)', mark: 'line' }]}>
        {() => null}
      </ChartFrame>,
    );
    expect(container.querySelector('.chart-frame-legend')?.textContent).toBe('管理组');
    expect((container.querySelector('.chart-frame-legend line') as SVGElement | null)?.style.stroke).toBe('var(--ant-color-primary)');
  });
});

describe('ValueAxis', () => {
  it('puts a gridline and a label at each tick, on the scale it is given', () => {
    const y = linearScale([0, 20], [200, 0]);
    const { container } = render(
      <svg role="img" aria-label="轴">
        <ValueAxis name="" ticks={[0, 5, 10, 15, 20]} tickText={(tick) => `${tick}`} y={y} left={40} right={300} top={0} bottom={200} />
      </svg>,
    );
    const grid = [...container.querySelectorAll('line.chart-grid')].map((line) => Number(line.getAttribute('y1')));
    expect(grid).toEqual([200, 150, 100, 50, 0]);
    expect([...container.querySelectorAll('text')].map((text) => text.textContent)).toEqual(['0', '5', '10', '15', '20']);
  });
});

describe('ChartRadar', () => {
  const axes = [
    { key: 'a', label: '平和质', value: 50 },
    { key: 'b', label: '气虚质', value: 100 },
    { key: 'c', label: '阳虚质', value: 0 },
    { key: 'd', label: '阴虚质', value: 25 },
  ];

  it('keeps its square at the container width when the column is narrower than its size', () => {
    withClientWidth(300, () => {
      const { getByRole, container } = render(<ChartRadar axes={axes} title="体质雷达图" marks={[30, 40]} />);
      expect(getByRole('img', { name: '体质雷达图' }).getAttribute('viewBox')).toBe('0 0 300 300');
      // Centre (150, 150), radius 150 − 64 = 86: 气虚质 (second axis, pointing right) at 100 is x = 236;
      // 平和质 (first, pointing up) at 50 is y = 150 − 43 = 107.
      const dots = [...container.querySelectorAll('svg[role="img"] > circle:not(.chart-reference)')];
      expect(Number(dots[1]?.getAttribute('cx'))).toBeCloseTo(236, 6);
      expect(Number(dots[0]?.getAttribute('cy'))).toBeCloseTo(107, 6);
      // The CCMQ's 30 and 40 as dashed rings: 0.3 × 86 and 0.4 × 86.
      const marks = [...container.querySelectorAll('circle.chart-reference')].map((circle) => Number(circle.getAttribute('r')));
      expect(marks[0]).toBeCloseTo(25.8, 6);
      expect(marks[1]).toBeCloseTo(34.4, 6);
    });
  });

  it('draws five rings and lists every score as its text alternative', () => {
    const { container } = render(<ChartRadar axes={axes} title="体质雷达图" />);
    expect(container.querySelectorAll('polygon.chart-grid')).toHaveLength(5);
    expect([...container.querySelectorAll('figcaption li')].map((item) => item.textContent)).toEqual([
      '平和质: 50',
      '气虚质: 100',
      '阳虚质: 0',
      '阴虚质: 25',
    ]);
  });
});
