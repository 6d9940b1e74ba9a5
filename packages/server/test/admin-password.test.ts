import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { accounts } from '../src/db/schema';
import { seedBaseline } from '../src/seed/baseline';
import { createTestDatabase, databaseKinds } from './support/databases';
import { testConfig } from './support/test-app';

describe('the administrator password from ADMIN_PASSWORD', () => {
  const production = (password: string) => ({
    NODE_ENV: 'production',
    ADMIN_USERNAME: 'root',
    ADMIN_PASSWORD: password,
    DATA_KEY: 'ab'.repeat(32),
  });

  it('refuses a password the policy refuses, naming the rule, in production and elsewhere', () => {
    const cases: [string, string][] = [
      ['x', '密码至少8位'],
      ['onlyletters', '密码须同时包含字母和数字'],
      ['Admin123', '密码过于常见，请换一个'],
      [`${'a'.repeat(60)}12345`, '密码不能超过64位'],
    ];
    for (const [password, rule] of cases) {
      expect(() => loadConfig(production(password)), password).toThrow(ConfigError);
      expect(() => loadConfig(production(password)), password).toThrow(rule);
      expect(() => loadConfig({ ADMIN_USERNAME: 'root', ADMIN_PASSWORD: password }), password).toThrow(rule);
    }
  });

  it('accepts a password the policy accepts', () => {
    expect(loadConfig(production('Strong2026pass')).admin).toEqual({ username: 'root', password: 'Strong2026pass' });
  });

  it.each(databaseKinds())('never creates an administrator with a weak password on %s, even from a hand-built config', async (kind) => {
    const { database, drop } = await createTestDatabase(kind);
    try {
      const config = { ...testConfig(), admin: { username: 'weakroot', password: '1' } };
      await expect(seedBaseline(database.db, config)).rejects.toThrow('密码至少8位');
      const rows = await database.db.select().from(accounts).where(eq(accounts.username, 'weakroot'));
      expect(rows).toHaveLength(0);
    } finally {
      await drop();
    }
  });
});
