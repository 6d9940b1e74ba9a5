import { describe, expect, it } from 'vitest';
import { type CiTemplate, estimateText, isTooFew, meanText, numberText, percentText, shareText } from './format';

const ci: CiTemplate = ({ value, low, high }) => `${value} [${low}; ${high}]`;

describe('numberText', () => {
  it('writes the given decimals in the locale', () => {
    expect(numberText(6.5934, 'zh-CN', { digits: 2 })).toBe('6.59');
    expect(numberText(12345, 'en-US', { digits: 0 })).toBe('12,345');
    expect(numberText(5, 'zh-CN', { digits: 1 })).toBe('5.0');
  });

  it('signs changes, but never a value that rounds to zero', () => {
    expect(numberText(1.25, 'zh-CN', { digits: 1, signed: true })).toBe('+1.3');
    expect(numberText(-2.38, 'zh-CN', { digits: 1, signed: true })).toBe('-2.4');
    expect(numberText(-0.04, 'zh-CN', { digits: 1, signed: true })).toBe('0.0');
    expect(numberText(0.04, 'zh-CN', { digits: 1, signed: true })).toBe('0.0');
    expect(numberText(-0.04, 'zh-CN', { digits: 1 })).toBe('0.0');
  });
});

describe('percentText and shareText', () => {
  it('write a proportion as a percentage with one decimal', () => {
    expect(percentText(0.075, 'zh-CN')).toBe('7.5%');
    expect(percentText(1, 'zh-CN')).toBe('100.0%');
    expect(percentText(0, 'zh-CN')).toBe('0.0%');
  });

  it('answer null without a denominator', () => {
    expect(percentText(null, 'zh-CN')).toBeNull();
  });

  it('write a count with its share, or the count alone without a denominator', () => {
    expect(shareText({ count: 3, proportion: 0.1 }, 'zh-CN')).toBe('3 (10.0%)');
    expect(shareText({ count: 15, proportion: 15 / 38 }, 'zh-CN')).toBe('15 (39.5%)');
    expect(shareText({ count: 0, proportion: null }, 'zh-CN')).toBe('0');
  });
});

describe('meanText', () => {
  it('writes the mean with its CI', () => {
    expect(meanText({ n: 25, mean: -3.24, low: -4.1, high: -2.38 }, 'zh-CN', { digits: 1, signed: true }, ci)).toBe('-3.2 [-4.1; -2.4]');
  });

  it('writes the mean alone when there is no CI (a single value)', () => {
    expect(meanText({ n: 1, mean: 0.5, low: null, high: null }, 'zh-CN', { digits: 1, signed: true }, ci)).toBe('+0.5');
  });

  it('answers null when there is no value', () => {
    expect(meanText({ n: 0, mean: null, low: null, high: null }, 'zh-CN', { digits: 1 }, ci)).toBeNull();
  });
});

describe('estimateText', () => {
  it('writes a ratio with its CI', () => {
    expect(estimateText({ value: 0.4, low: 0.08, high: 2.02, significant: false }, 'zh-CN', { digits: 2 }, ci)).toBe('0.40 [0.08; 2.02]');
  });

  it('turns a difference of proportions into signed percentage points', () => {
    expect(
      estimateText({ value: -0.15, low: -0.47, high: 0.17, significant: false }, 'zh-CN', { digits: 1, signed: true, scale: 100 }, ci),
    ).toBe('-15.0 [-47.0; +17.0]');
  });

  it('answers null when not estimable, so that no infinity is ever printed', () => {
    expect(estimateText(null, 'zh-CN', { digits: 2 }, ci)).toBeNull();
  });
});

describe('isTooFew', () => {
  it('is true when any group is below the minimum, false at the minimum', () => {
    expect(isTooFew([9, 30], 10)).toBe(true);
    expect(isTooFew([30, 9], 10)).toBe(true);
    expect(isTooFew([10, 10], 10)).toBe(false);
    expect(isTooFew([0], 10)).toBe(true);
  });
});
