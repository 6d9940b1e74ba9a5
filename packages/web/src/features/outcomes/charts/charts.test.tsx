// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resetAfterEachTest } from '../../../test-support/after-each';
import { GROUP_STYLE } from '../chart-data';
import { ConstitutionChart } from './ConstitutionChart';
import { barTicks, GroupBarChart } from './GroupBarChart';
import { SurvivalChart, survivalPointText } from './SurvivalChart';

// jsdom has no layout, so every chart is drawn at ChartFrame's fallback width of 560 px; the expected
// coordinates below are worked by hand from that width and each chart's margins.

resetAfterEachTest(cleanup);

const attribute = (element: Element | null | undefined, name: string) => Number(element?.getAttribute(name));

describe('SurvivalChart', () => {
  const curves = [
    { group: 'managed' as const, name: '管理组', points: [[0, 100]] as const },
    {
      group: 'comparison' as const,
      name: '对照组',
      points: [
        [0, 100],
        [90, 87.5],
        [180, 75],
      ] as const,
    },
  ];

  it('draws each curve as steps on a 0–200 day axis (step 50) and a 0–100 % axis', () => {
    const { container, getByRole } = render(
      <SurvivalChart curves={curves} dayAxis="随访天数" survivalAxis="无糖尿病生存率" label="无糖尿病生存曲线" height={296} />,
    );
    expect(getByRole('img', { name: '无糖尿病生存曲线' })).toBeTruthy();
    // left = 4 × 0.6 × 12 + 14 = 42.8; right = 560 − (8 + 3 × 0.6 × 12 / 2) = 541.2; top 24, bottom 296 − 44 = 252.
    // x(90) = 42.8 + 90/200 × 498.4 = 267.08; y(87.5) = 252 − 0.875 × 228 = 52.5; y(75) = 81.
    const comparison = container.querySelector('[data-curve="comparison"] path');
    expect(comparison?.getAttribute('d')).toBe('M42.8 24H267.1V52.5H491.4V81');
    expect((comparison as SVGElement | null)?.style.stroke).toBe(GROUP_STYLE.comparison.color);
    expect(comparison?.getAttribute('stroke-dasharray')).toBe('6 4');
    expect(container.querySelector('[data-curve="managed"] path')?.getAttribute('stroke-dasharray')).toBeNull();
    const labels = [...container.querySelectorAll('svg[role="img"] text')].map((text) => text.textContent);
    expect(labels).toEqual(expect.arrayContaining(['0', '50', '100', '150', '200', '0%', '100%', '随访天数', '无糖尿病生存率']));
    expect(container.querySelector('.chart-frame-legend')?.textContent).toBe('管理组对照组');
  });

  it('names each point for pointer users', () => {
    expect(survivalPointText('管理组', '随访天数', [120, 96.667])).toBe('管理组 · 随访天数 120: 96.7%');
  });
});

describe('barTicks', () => {
  it('holds zero and fixed ends, and leaves a tenth of the span under a negative bar', () => {
    expect(barTicks([12.5, 40], { min: 0, max: 100 })).toEqual([0, 20, 40, 60, 80, 100]);
    // low −3.24 − 0.324 = −3.564, step 1 (0.71 rounded up).
    expect(barTicks([-3.24], {})).toEqual([-4, -3, -2, -1, 0]);
    expect(barTicks([-3.24, 1.1], {})).toEqual([-4, -3, -2, -1, 0, 1, 2]);
    expect(barTicks([], {})).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });
});

describe('GroupBarChart', () => {
  it('draws a negative mean down from zero with its label under it, and nothing for a group without a value', () => {
    const { container } = render(
      <GroupBarChart
        bars={[
          { group: 'managed', name: '管理组', value: -3.24, label: '-3.2%' },
          { group: 'comparison', name: '对照组', value: null, label: '—' },
        ]}
        axis={{ name: '体重变化', unit: '%' }}
        label="体重变化"
        height={280}
      />,
    );
    // Ticks −4…0; left = 3 × 0.6 × 12 + 14 = 35.6; y(0) = top 32; y(−3.24) = 32 + 3.24/4 × 220 = 210.2.
    const bar = container.querySelector('[data-bar="managed"] rect');
    expect(attribute(bar, 'y')).toBeCloseTo(32, 6);
    expect(attribute(bar, 'height')).toBeCloseTo(178.2, 6);
    // band (560 − 35.6 − 8) / 2 = 258.2, bar 72 wide around 35.6 + 129.1.
    expect(attribute(bar, 'x')).toBeCloseTo(128.7, 6);
    expect((bar as SVGElement | null)?.style.fill).toBe(GROUP_STYLE.managed.color);
    expect(bar?.querySelector('title')?.textContent).toBe('管理组: -3.2%');
    const label = [...container.querySelectorAll('[data-bar="managed"] text')].find((text) => text.textContent === '-3.2%');
    expect(attribute(label, 'y')).toBeCloseTo(226.2, 6);
    expect(container.querySelector('[data-bar="comparison"] rect')).toBeNull();
    expect(container.querySelector('[data-bar="comparison"] text')?.textContent).toBe('对照组');
  });
});

describe('ConstitutionChart', () => {
  it('draws a pale baseline and a solid latest bar per type, a type the report omits as 0', () => {
    const { container } = render(
      <ConstitutionChart
        types={[
          { key: 'pinghe', label: '平和质' },
          { key: 'qixu', label: '气虚质' },
        ]}
        counts={{ baseline: { pinghe: 5 }, latest: { pinghe: 11, qixu: 8 } }}
        group="managed"
        text={{ baseline: '基线', latest: '最近', countAxis: '人数' }}
        label="体质分布"
        height={316}
      />,
    );
    // Ticks 0, 5, 10, 15; left = 3 × 12 + 14 = 50, right 560 − 32 = 528: one patient is 478/15 px.
    const widths = (type: string) =>
      [...container.querySelectorAll(`[data-type="${type}"] rect`)].map((rect) => [
        Number(attribute(rect, 'width').toFixed(2)),
        rect.getAttribute('opacity'),
        rect.querySelector('title')?.textContent,
      ]);
    expect(widths('pinghe')).toEqual([
      [159.33, '0.45', '平和质 · 基线: 5'],
      [350.53, '1', '平和质 · 最近: 11'],
    ]);
    expect(widths('qixu')).toEqual([
      [0, '0.45', '气虚质 · 基线: 0'],
      [254.93, '1', '气虚质 · 最近: 8'],
    ]);
    expect(container.querySelector('.chart-frame-legend')?.textContent).toBe('基线最近');
  });
});
