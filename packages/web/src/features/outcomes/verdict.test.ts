import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import enUS from '../../i18n/en-US';
import zhCN from '../../i18n/zh-CN';
import { zhCNOutcomes } from '../../i18n/zh-CN-outcomes';
import { effectVerdict, verdictText } from './verdict';

// The catalogues themselves, in an i18next instance of the test's own (no browser globals).
const zh = i18next.createInstance();
const en = i18next.createInstance();
beforeAll(async () => {
  await zh.init({
    lng: 'zh-CN',
    resources: { 'zh-CN': { translation: { ...zhCN, outcomes: zhCNOutcomes } } },
    interpolation: { escapeValue: false },
  });
  await en.init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } }, interpolation: { escapeValue: false } });
});

const ratio = (value: number, low: number, high: number) => ({ value, low, high, significant: low > 1 || high < 1 });
const many = { managed: 25, comparison: 40 };

describe('effectVerdict', () => {
  it('reads RR 0.14 (0.02–1.09) as no significant difference, not as a lower risk', () => {
    // The cohort: 1 of 20 managed against 7 of 20 comparison patients progressed.
    const verdict = effectVerdict({ estimate: ratio(0.14, 0.02, 1.09), nullValue: 1, events: { managed: 1, comparison: 7 } });
    expect(verdict).toEqual({ kind: 'notSignificant', imprecise: true });
    expect(verdictText(zh.t, 'progression', verdict)).toBe('差异无统计学意义；任一组事件少于 10 例，估计不精确');
  });

  it('reads RR 4.33 (0.59–31.80) as no significant difference, not as a higher share', () => {
    const verdict = effectVerdict({ estimate: ratio(4.33, 0.59, 31.8), nullValue: 1, events: { managed: 4, comparison: 1 } });
    expect(verdict.kind).toBe('notSignificant');
    expect(verdictText(zh.t, 'progression', verdict)).toMatch(/^差异无统计学意义/);
    expect(verdictText(zh.t, 'progression', verdict)).not.toContain('较高');
  });

  it('gives the direction only when the interval excludes 1', () => {
    // DPP lifestyle against placebo: incidence reduced by 58 % (95 % CI 48 to 66) → ratio 0.42 (0.34–0.52).
    const lower = effectVerdict({ estimate: ratio(0.42, 0.34, 0.52), nullValue: 1, events: many });
    expect(lower).toEqual({ kind: 'lower', imprecise: false });
    expect(verdictText(zh.t, 'progression', lower)).toBe('管理组进展为糖尿病的风险较低');
    expect(verdictText(en.t, 'progression', lower)).toBe('Lower risk of diabetes in the managed group');
    const higher = effectVerdict({ estimate: ratio(2.1, 1.2, 3.7), nullValue: 1, events: many });
    expect(verdictText(zh.t, 'progression', higher)).toBe('管理组进展为糖尿病的风险较高');
  });

  it('says a significant estimate on fewer than 10 events in a group is imprecise', () => {
    const verdict = effectVerdict({ estimate: ratio(0.2, 0.05, 0.8), nullValue: 1, events: { managed: 3, comparison: 15 } });
    expect(verdictText(zh.t, 'progression', verdict)).toBe('管理组进展为糖尿病的风险较低；任一组事件少于 10 例，估计不精确');
    // Ten events in each group is enough.
    expect(effectVerdict({ estimate: ratio(0.2, 0.05, 0.8), nullValue: 1, events: { managed: 10, comparison: 10 } }).imprecise).toBe(false);
  });

  it('judges a difference against 0, and a measure without events never as imprecise', () => {
    const difference = { value: -2.4, low: -3.9, high: -0.9, significant: true };
    expect(verdictText(zh.t, 'weight', effectVerdict({ estimate: difference, nullValue: 0 }))).toBe('管理组体重下降较多');
    const crossing = { value: -0.15, low: -0.47, high: 0.17, significant: false };
    expect(effectVerdict({ estimate: crossing, nullValue: 0 })).toEqual({ kind: 'notSignificant', imprecise: false });
  });

  it('says not estimable when there is no estimate', () => {
    expect(verdictText(zh.t, 'reversion', effectVerdict({ estimate: null, nullValue: 1, events: many }))).toBe('不可估计，无法判断');
  });
});
