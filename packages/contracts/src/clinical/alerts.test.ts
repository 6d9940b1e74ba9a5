import { describe, expect, it } from 'vitest';
import { detectAlerts, glucoseAlertLevel, isBloodPressureAlert } from './alerts';

describe('alert values', () => {
  it('flags glucose at ≤ 3.9 and ≥ 16.7 mmol/L', () => {
    expect(glucoseAlertLevel(3.9)).toBe('low');
    expect(glucoseAlertLevel(4.0)).toBeNull();
    expect(glucoseAlertLevel(16.6)).toBeNull();
    expect(glucoseAlertLevel(16.7)).toBe('high');
    expect(glucoseAlertLevel(undefined)).toBeNull();
  });

  it('flags blood pressure at SBP ≥ 180 or DBP ≥ 110 mmHg', () => {
    expect(isBloodPressureAlert(179, 109)).toBe(false);
    expect(isBloodPressureAlert(180, 70)).toBe(true);
    expect(isBloodPressureAlert(120, 109)).toBe(false);
    expect(isBloodPressureAlert(180, 90)).toBe(true);
    expect(isBloodPressureAlert(150, 110)).toBe(true);
    expect(isBloodPressureAlert(undefined, undefined)).toBe(false);
  });

  it('lists every alert with a Chinese message naming the measure', () => {
    const alerts = detectAlerts({
      glucose: { fpg: { label: '空腹血糖', value: 17.2 }, randomGlucose: { label: '随机血糖', value: 3.5 } },
      sbp: 182,
      dbp: 100,
    });
    expect(alerts.map((alert) => [alert.code, alert.item])).toEqual([
      ['glucoseHigh', 'fpg'],
      ['glucoseLow', 'randomGlucose'],
      ['bloodPressureHigh', 'sbp'],
    ]);
    expect(alerts[0]?.message).toContain('空腹血糖 17.2 mmol/L');
    expect(alerts[2]?.message).toContain('182/100');
    expect(detectAlerts({ glucose: { fpg: { label: '空腹血糖', value: 6.5 } }, sbp: 130, dbp: 80 })).toEqual([]);
  });

  it('flags the acute signs of the specification and ignores anything else', () => {
    const [alert, ...rest] = detectAlerts({ acuteSigns: ['none', 'acetoneBreath', 'consciousness', 'bogus'] });
    expect(rest).toEqual([]);
    expect(alert).toMatchObject({ code: 'acuteSign', item: 'urgentSigns' });
    expect(alert?.message).toBe('存在危急情况（呼气有烂苹果样丙酮味、意识或行为改变），请紧急处理并转诊');
    expect(detectAlerts({ acuteSigns: ['none'] })).toEqual([]);
  });
});
