import { describe, expect, it } from 'vitest';
import { isLoginPath, isPublicPath, PRESCRIBE_ROUTES } from './routes';

describe('access guard paths', () => {
  it('lets login, admin login, register and reset password through without a token', () => {
    for (const path of ['/login', '/login/admin', '/register', '/resetpw']) expect(isPublicPath(path)).toBe(true);
  });

  it('guards every other route', () => {
    for (const path of ['/', '/index', '/userList/running', '/doctorList', '/outcomes', '/prescribe/1', '/login/other', '/registerx']) {
      expect(isPublicPath(path)).toBe(false);
    }
  });

  it('knows the two login screens', () => {
    expect(isLoginPath('/login')).toBe(true);
    expect(isLoginPath('/login/admin')).toBe(true);
    expect(isLoginPath('/register')).toBe(false);
  });
});

describe('prescription routes', () => {
  it("are the contracts' table, index first and other last, as the tabs show them", () => {
    expect(PRESCRIBE_ROUTES.map((r) => `${r.path}:${r.key}`)).toEqual([
      'index:index',
      '1:diet',
      '2:sleep',
      '3:motion',
      '4:loseWeight',
      '5:healthEducation',
      '6:physique',
      'other:other',
    ]);
  });
});
