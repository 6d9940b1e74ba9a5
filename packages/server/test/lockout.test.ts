import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottle } from '../src/db/schema';
import { slowDownSeconds } from '../src/modules/auth/lockout';
import { databaseKinds } from './support/databases';
import { createAdmin, createDoctor, TEST_PASSWORD } from './support/factories';
import { createTestApp, INSTITUTION_A, type TestApp } from './support/test-app';

let addressSequence = 0;
/** A fresh client address (TEST-NET-2), so each attempt series starts with no history of its own. */
function nextAddress(): string {
  addressSequence += 1;
  return `198.51.${Math.floor(addressSequence / 250)}.${(addressSequence % 250) + 1}`;
}

describe('the every-source slow-down', () => {
  it('waits 1, 2, 4 … seconds from the threshold on, up to the cap', () => {
    expect([1, 4, 5, 6, 7, 8, 10, 11, 12, 40].map((n) => slowDownSeconds(n, 5, 60))).toEqual([0, 0, 1, 2, 4, 8, 32, 60, 60, 60]);
  });
});

describe.each(databaseKinds())('login lockout per name and address on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (username: string, password: string, remoteAddress: string) =>
    t.call({ method: 'POST', path: '/api/auth/login', remoteAddress, body: { username, password } });
  /** Lets the every-source wait pass, as if its seconds had gone by. */
  const waitOut = (username: string) =>
    t.database.db
      .update(loginThrottle)
      .set({ blockedUntil: new Date(Date.now() - 1000) })
      .where(and(eq(loginThrottle.username, username), eq(loginThrottle.source, '')));

  it('locks the attacker’s address, not the owner: the owner’s usual address gets in at once', async () => {
    const admin = await createAdmin(t);
    const home = nextAddress();
    const attacker = nextAddress();
    expect((await login(admin.username, TEST_PASSWORD, home)).code).toBe(0);
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await login(admin.username, 'Wrong2026x', attacker)).code);
    expect(codes).toEqual([401, 401, 401, 401, 423]);
    // The attacker's address stays locked, even with the right password.
    expect((await login(admin.username, TEST_PASSWORD, attacker)).code).toBe(423);
    // A new address is slowed down, not locked: told to wait seconds, then let in.
    const elsewhere = nextAddress();
    const slowed = await login(admin.username, TEST_PASSWORD, elsewhere);
    expect(slowed.code).toBe(429);
    expect(slowed.message).toMatch(/^登录尝试过于频繁，请 \d+ 秒后再试$/);
    // The address the admin signed in from before is not slowed down at all.
    expect((await login(admin.username, TEST_PASSWORD, home)).code).toBe(0);
    expect((await login(admin.username, TEST_PASSWORD, elsewhere)).code).toBe(0);
  });

  it('grows the every-source wait with each wrong password from new addresses', async () => {
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      expect((await login(doctor.username, 'Wrong2026x', nextAddress())).code).toBe(401);
      const [row] = await t.database.db
        .select()
        .from(loginThrottle)
        .where(and(eq(loginThrottle.username, doctor.username), eq(loginThrottle.source, '')));
      waits.push(row!.blockedUntil ? (row!.blockedUntil.getTime() - row!.lastFailureAt.getTime()) / 1000 : 0);
      await waitOut(doctor.username);
    }
    expect(waits).toEqual([0, 0, 0, 0, 1, 2, 4, 8]);
    // The right password from a new address, once the wait is over, signs in and clears the count.
    expect((await login(doctor.username, TEST_PASSWORD, nextAddress())).code).toBe(0);
    const left = await t.database.db
      .select()
      .from(loginThrottle)
      .where(and(eq(loginThrottle.username, doctor.username), eq(loginThrottle.source, '')));
    expect(left).toEqual([]);
  });

  it('answers a name no account has exactly as a real one', async () => {
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    const series = async (username: string) => {
      const address = nextAddress();
      const answers: [number, string][] = [];
      for (let i = 0; i < 6; i++) {
        const res = await login(username, 'Wrong2026x', address);
        answers.push([res.code, res.message]);
      }
      const fromElsewhere = await login(username, 'Wrong2026x', nextAddress());
      answers.push([fromElsewhere.code, fromElsewhere.message.replace(/\d+/, 'N')]);
      return answers;
    };
    const real = await series(doctor.username);
    const unknown = await series('13900000000');
    expect(unknown).toEqual(real);
    expect(real.map(([code]) => code)).toEqual([401, 401, 401, 401, 423, 423, 429]);
  });

  it('counts parallel wrong passwords from one address one by one', async () => {
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    const address = nextAddress();
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(doctor.username, 'Wrong2026x', address)));
    const codes = answers.map((a) => a.code).sort((a, b) => a - b);
    expect(codes).toEqual([...Array<number>(4).fill(401), ...Array<number>(8).fill(423)]);
  });
});
