import { describe, expect, it } from 'vitest';
import {
  ageAtDate,
  enrolmentAgeProblem,
  enrolmentChangeProblem,
  enrolmentDateProblem,
  plannedDateProblem,
  recordDateKind,
  recordDateProblem,
} from './record-dates';

describe('enrolment age (adults only)', () => {
  it('counts whole years to the enrolment date: 17 the day before the 18th birthday, 18 on it', () => {
    expect(ageAtDate('2008-03-15', '2026-03-14')).toBe(17);
    expect(ageAtDate('2008-03-15', '2026-03-15')).toBe(18);
    expect(ageAtDate('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageAtDate('2008-02-29', '2026-03-01')).toBe(18);
    expect(enrolmentAgeProblem('2008-03-15', '2026-03-15')).toBeNull();
    expect(enrolmentAgeProblem('2008-03-15', '2026-03-14')).toBe(
      '患者入组时须年满18周岁（按身份证号出生日期 2008-03-15 计算，入组日期 2026-03-14 时为 17 岁）',
    );
    expect(enrolmentAgeProblem('2016-05-01', '2026-03-14')).toContain('时为 9 岁');
  });
});

describe('record-date window', () => {
  const patient = { birthDate: '1976-05-10', enrolledAt: '2026-03-01', today: '2026-06-01' };
  const problem = (date: string, annex: string) => recordDateProblem({ ...patient, date, kind: recordDateKind(annex) }, '检测日期');

  it('refuses dates before birth, and baseline dates more than 90 days before enrolment', () => {
    expect(problem('1900-01-01', '1')).toBe('检测日期 不能早于患者出生日期（1976-05-10）');
    // Enrolment 2026-03-01 − 90 days = 2025-12-01.
    expect(problem('2025-11-30', '1')).toBe('检测日期 不能早于入组日期（2026-03-01）前90天，即 2025-12-01');
    expect(problem('2025-12-01', '1')).toBeNull();
    expect(problem('2026-03-01', '6')).toBeNull();
  });

  it('puts follow-ups and the end evaluation on or after enrolment, and nothing after today', () => {
    expect(problem('1900-06-01', '8')).toBe('检测日期 不能早于患者出生日期（1976-05-10）');
    expect(problem('2026-02-28', '8')).toBe('检测日期 不能早于入组日期（2026-03-01）');
    expect(problem('2026-03-01', '7')).toBeNull();
    expect(problem('2026-02-28', '9')).toBe('检测日期 不能早于入组日期（2026-03-01）');
    expect(problem('2026-06-02', '7')).toBe('检测日期 不能晚于今天（2026-06-01）');
    expect(recordDateProblem({ ...patient, date: '2026-02-28', kind: 'followUp' }, 'Visit date', 'en')).toBe(
      'Visit date cannot be earlier than the enrolment date (2026-03-01)',
    );
  });

  it('lets a next-visit date lie up to a year ahead', () => {
    expect(plannedDateProblem('2027-06-01', '2026-06-01', '下次随访日期')).toBeNull();
    expect(plannedDateProblem('2027-06-02', '2026-06-01', '下次随访日期')).toBe('下次随访日期 不能晚于一年后（2027-06-01）');
  });
});

describe('enrolment date', () => {
  it('accepts a past date, refuses the future and dates before birth', () => {
    expect(enrolmentDateProblem('2024-05-01', '1960-01-01', '2026-03-01')).toBeNull();
    expect(enrolmentDateProblem('2026-03-01', '1960-01-01', '2026-03-01')).toBeNull();
    expect(enrolmentDateProblem('2026-03-02', '1960-01-01', '2026-03-01')).toBe('入组日期不能晚于今天（2026-03-01）');
    expect(enrolmentDateProblem('1959-12-31', '1960-01-01', '2026-03-01')).toBe('入组日期不能早于患者出生日期（1960-01-01）');
  });

  it('moves only while no live record predates the new date', () => {
    expect(enrolmentChangeProblem('2026-01-10', null)).toBeNull();
    expect(enrolmentChangeProblem('2026-01-10', '2026-01-10')).toBeNull();
    expect(enrolmentChangeProblem('2026-01-10', '2026-01-09')).toBe(
      '入组日期不能改为 2026-01-10：已有 2026-01-09 的记录早于该日期，请先核对或作废这些记录',
    );
  });
});
