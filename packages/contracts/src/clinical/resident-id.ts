/**
 * Resident identity card numbers of the People's Republic of China (GB 11643-1999):
 * 6-digit area code, 8-digit birth date, 3-digit sequence (odd = man, even = woman) and an
 * ISO 7064 MOD 11-2 check character.
 */
export type Gender = 'man' | 'woman';

export interface ResidentId {
  normalized: string;
  birthDate: string; // YYYY-MM-DD
  gender: Gender;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** The MOD 11-2 check character for the first 17 digits. */
export function residentIdCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (WEIGHTS[i] ?? 0);
  return CHECK_CHARS[sum % 11] ?? '';
}

export function parseResidentId(input: string, today: Date = new Date()): ParseResult<ResidentId> {
  const value = input.trim().toUpperCase();
  if (value.length !== 18) return { ok: false, message: '身份证号应为18位' };
  if (!/^\d{17}[\dX]$/.test(value)) return { ok: false, message: '身份证号格式不正确' };
  if (residentIdCheckChar(value.slice(0, 17)) !== value[17]) {
    return { ok: false, message: '身份证号校验位不正确' };
  }
  const y = Number(value.slice(6, 10));
  const m = Number(value.slice(10, 12));
  const d = Number(value.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || birth.getUTCFullYear() !== y || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d) {
    return { ok: false, message: '身份证号中的出生日期无效' };
  }
  const todayUtc = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  if (birth.getTime() > todayUtc) return { ok: false, message: '身份证号中的出生日期晚于今天' };
  const birthDate = `${value.slice(6, 10)}-${value.slice(10, 12)}-${value.slice(12, 14)}`;
  const gender: Gender = Number(value[16]) % 2 === 1 ? 'man' : 'woman';
  return { ok: true, value: { normalized: value, birthDate, gender } };
}

/** Full years between a birth date (YYYY-MM-DD) and a day. */
export function ageOn(birthDate: string, day: Date = new Date()): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = day.getFullYear() - y;
  const beforeBirthday = day.getMonth() + 1 < m || (day.getMonth() + 1 === m && day.getDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** Build a valid number from an area code, birth date and sequence (synthetic demo and test data). */
export function makeResidentId(area: string, birthDate: string, sequence: number): string {
  const first17 = `${area}${birthDate.replaceAll('-', '')}${String(sequence).padStart(3, '0')}`;
  return first17 + residentIdCheckChar(first17);
}

/** 110101********1234: area code and last four kept (PRODUCT §1). */
export function maskResidentId(value: string): string {
  if (value.length < 10) return '*'.repeat(value.length);
  return `${value.slice(0, 6)}${'*'.repeat(value.length - 10)}${value.slice(-4)}`;
}

/** 138****5678 */
export function maskMobile(value: string): string {
  if (value.length < 7) return '*'.repeat(value.length);
  return `${value.slice(0, 3)}****${value.slice(-4)}`;
}
