import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { keyringOf, openKeyring } from './key-source';
import { DataKeyError, parseMasterKey } from './keyring';

const KEY_A = 'a1'.repeat(32);
const KEY_B = 'b2'.repeat(32);
const folders: string[] = [];
function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tcm-key-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('where the data key comes from', () => {
  it('refuses production without DATA_KEY or DATA_KEY_FILE, and a malformed key anywhere', () => {
    const admin = { ADMIN_USERNAME: 'root', ADMIN_PASSWORD: 'Strong2026pass' };
    expect(() => loadConfig({ NODE_ENV: 'production', ...admin })).toThrow(/DATA_KEY or DATA_KEY_FILE/);
    expect(loadConfig({ NODE_ENV: 'production', ...admin, DATA_KEY: KEY_A }).dataKeys.createFile).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ...admin, DATA_KEY_FILE: '/run/secrets/data.key' }).dataKeys).toMatchObject({
      file: '/run/secrets/data.key',
      createFile: false,
    });
    expect(() => loadConfig({ DATA_KEY: 'password' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_KEY: KEY_A, DATA_KEY_PREVIOUS: `${KEY_B},short` })).toThrow(ConfigError);
    expect(loadConfig({ DATA_KEY: KEY_A, DATA_KEY_PREVIOUS: ` ${KEY_B} ,` }).dataKeys.previous).toEqual([KEY_B]);
  });

  it('outside production creates DATA_DIR/data.key once (mode 0600) and reuses it, with PGlite or DATABASE_URL', () => {
    const dataDir = path.join(folder(), 'data');
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.dataKeys).toEqual({ key: undefined, file: path.join(dataDir, 'data.key'), createFile: true, previous: [] });
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/x' }).dataKeys.file).toBe(path.join(dataDir, 'data.key'));
    const first = openKeyring(config.dataKeys);
    const file = path.join(dataDir, 'data.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(parseMasterKey(readFileSync(file, 'utf8'))).not.toBeNull();
    const second = openKeyring(loadConfig({ DATA_DIR: dataDir }).dataKeys);
    expect(second.current.id).toBe(first.current.id);
    expect(loadConfig({ DATA_DIR: 'memory://' }).dataKeys.file).toBe(path.join('data', 'data.key'));
  });

  it('reads DATA_KEY before any file, and a named DATA_KEY_FILE that must exist', () => {
    const dir = folder();
    const named = path.join(dir, 'secret.key');
    expect(() => openKeyring(loadConfig({ DATA_KEY_FILE: named }).dataKeys)).toThrow(DataKeyError);
    writeFileSync(named, `${KEY_B}\n`);
    const fromFile = openKeyring(loadConfig({ DATA_KEY_FILE: named }).dataKeys);
    const fromEnv = openKeyring(loadConfig({ DATA_KEY: KEY_B, DATA_KEY_FILE: path.join(dir, 'absent') }).dataKeys);
    expect(fromEnv.current.id).toBe(fromFile.current.id);
    writeFileSync(named, 'not a key');
    expect(() => openKeyring(loadConfig({ DATA_KEY_FILE: named }).dataKeys)).toThrow(/is not a data key/);
  });

  it('opens one configuration once', () => {
    const config = loadConfig({ DATA_KEY: KEY_A, DATA_KEY_PREVIOUS: KEY_B });
    expect(keyringOf(config)).toBe(keyringOf(config));
    expect(keyringOf(config).previous).toHaveLength(1);
  });
});
