import { BACKGROUND_POLL_HEADER } from '@tcm/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema';
import { databaseKinds } from './support/databases';
import { createAdmin, createDoctor, loginAs } from './support/factories';
import { createTestApp, INSTITUTION_A, type TestApp } from './support/test-app';

const POLL = { [BACKGROUND_POLL_HEADER]: '1' };

describe.each(databaseKinds())('background polls and the idle limit on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function lastSeenOf(accountId: number): Promise<Date> {
    const [row] = await t.database.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.accountId, accountId));
    return row!.at;
  }
  /** Moves the session's last activity back, as if that many minutes had passed since it. */
  async function age(accountId: number, minutes: number) {
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`${sessions.lastSeenAt} - make_interval(mins => ${minutes})` })
      .where(eq(sessions.accountId, accountId));
  }

  it('a session whose only traffic is the bell poll expires after the idle limit', async () => {
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    const token = await loginAs(t, doctor);
    const poll = () => t.call({ method: 'GET', path: '/api/user/queryUnfilledRemind', token, headers: POLL });
    // A poll every 5 minutes for 2 hours: each is answered, none moves last_seen.
    const idle = t.config.security.sessionIdleMinutes;
    for (let minutes = 5; minutes < idle; minutes += 5) {
      await age(doctor.id, 5);
      const before = await lastSeenOf(doctor.id);
      expect((await poll()).code).toBe(0);
      expect((await lastSeenOf(doctor.id)).getTime()).toBe(before.getTime());
    }
    await age(doctor.id, 5);
    expect((await poll()).code).toBe(900);
    expect((await t.call({ method: 'GET', path: '/api/v1/users/me', token })).code).toBe(900);
  });

  it('the admin bell poll does not keep a session alive either', async () => {
    const admin = await createAdmin(t);
    const token = await loginAs(t, admin);
    await age(admin.id, t.config.security.sessionIdleMinutes - 1);
    const before = await lastSeenOf(admin.id);
    const poll = await t.call({
      method: 'POST',
      path: '/api/user/list',
      token,
      headers: POLL,
      body: { role: 'doctor', registerStatus: 'ToBeReviewed', page: 1, limit: 1 },
    });
    expect(poll.code).toBe(0);
    expect((await lastSeenOf(admin.id)).getTime()).toBe(before.getTime());
    await age(admin.id, 2);
    expect((await t.call({ method: 'GET', path: '/api/v1/users/me', token })).code).toBe(900);
  });

  it('a call the user makes does refresh last_seen', async () => {
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    const token = await loginAs(t, doctor);
    await age(doctor.id, t.config.security.sessionIdleMinutes - 1);
    expect((await t.call({ method: 'GET', path: '/api/user/queryUnfilledRemind', token })).code).toBe(0);
    expect(Date.now() - (await lastSeenOf(doctor.id)).getTime()).toBeLessThan(60_000);
    await age(doctor.id, 2);
    expect((await t.call({ method: 'GET', path: '/api/v1/users/me', token })).code).toBe(0);
  });
});
