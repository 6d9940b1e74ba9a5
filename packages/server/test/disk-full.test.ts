import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE } from '@tcm/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, openDatabase, readDatabaseDump } from '../src/db/client';
import { DISK_FULL_MESSAGE } from '../src/db/disk-space';
import { runMigrations } from '../src/db/migrate';
import { accounts } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/passwords';
import { seedBaseline } from '../src/seed/baseline';
import { daysAgo, nextMobile, nextResidentId, TEST_PASSWORD } from './support/factories';
import { PrivatePostgres, privatePostgresUnavailable } from './support/private-postgres';
import { ServerGroup } from './support/server-process';
import { INSTITUTION_A, testConfig } from './support/test-app';

/**
 * The database's disk filling up: a small tmpfs of the test's own, holding PGlite's DATA_DIR or a
 * private PostgreSQL cluster. Mounting needs root (CI runs as root); elsewhere the file is skipped
 * with the reason.
 */

function mountTmpfs(dir: string, size: string): string | null {
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { encoding: 'utf8' });
  return mounted.status === 0 ? null : (mounted.stderr || mounted.error?.message || `mount exited ${mounted.status}`).trim();
}

function unmount(dir: string): void {
  // Lazy: a file PGlite has not let go of must not leave the mount behind.
  spawnSync('umount', ['-l', dir]);
}

const probeDir = mkdtempSync(path.join(tmpdir(), 'tcm-tmpfs-probe-'));
const mountRefused = mountTmpfs(probeDir, '1m');
if (!mountRefused) unmount(probeDir);
rmSync(probeDir, { recursive: true, force: true });

/** Writes a file until the disk refuses more: 1 MiB at a time, then 4 KiB, to leave no page free. */
function fillDisk(file: string): void {
  const fd = openSync(file, 'w');
  try {
    for (const size of [1024 * 1024, 4096, 512]) {
      const block = Buffer.alloc(size, 1);
      try {
        for (;;) writeSync(fd, block);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
}

describe.skipIf(mountRefused !== null)(
  `a full disk under PGlite's DATA_DIR${mountRefused ? ` (skipped: cannot mount a tmpfs: ${mountRefused})` : ''}`,
  () => {
    const mount = mkdtempSync(path.join(tmpdir(), 'tcm-disk-full-'));
    const dataDir = path.join(mount, 'data');
    const filler = path.join(mount, 'filler');
    const mobile = nextMobile();
    let database: Database | undefined;
    let app: FastifyInstance | undefined;
    let token = '';
    // Started servers die with the file: one still starting when its test failed or timed out would
    // otherwise outlive the unmount, come up on the real disk and keep a core busy after the run.
    const servers = new ServerGroup();

    const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
      const res = await app!.inject({ method, url: `${API_BASE}${url}`, headers: { satoken: token }, ...(payload ? { payload } : {}) });
      return { status: res.statusCode, ...(res.json() as { code: number; message: string; data: Record<string, unknown> }) };
    };
    const enrol = () =>
      call('POST', '/api/user/patient', {
        name: '磁盘测试',
        idNum: nextResidentId(),
        tel_num: nextMobile(),
        institutionId: INSTITUTION_A,
        consentDate: daysAgo(30),
      });

    beforeAll(async () => {
      expect(mountTmpfs(mount, '64m')).toBeNull();
      // The migrated template (about 40 MB) unpacked onto the small disk.
      database = await openDatabase({ dataDir, loadDataDir: readDatabaseDump(inject('databaseTemplates').pglite.migrated) });
      const config = { ...testConfig(), dataDir };
      await seedBaseline(database.db, config);
      await database.db.insert(accounts).values({
        role: 'doctor',
        username: mobile,
        mobile,
        name: '磁盘测试医生',
        institutionId: INSTITUTION_A,
        passwordHash: await hashPassword(TEST_PASSWORD, config.security),
        registerStatus: 'Approved',
      });
      ({ app } = await buildApp({ config, database }));
      const login = await call('POST', '/api/auth/login', { username: mobile, password: TEST_PASSWORD });
      token = login.data.token as string;
    });
    afterAll(async () => {
      await servers.killAll();
      await app?.close();
      await database?.close().catch(() => {});
      if (mount) {
        unmount(mount);
        rmSync(mount, { recursive: true, force: true });
      }
    });

    it('a write answers 503 saying the disk is full, health reports it, and both recover once space is freed', async () => {
      expect((await call('GET', '/api/health')).status).toBe(200);
      fillDisk(filler);

      const refused = await enrol();
      expect(refused).toMatchObject({ status: 503, code: 503, message: DISK_FULL_MESSAGE });
      const health = await call('GET', '/api/health');
      expect(health.status).toBe(503);
      expect(health.data).toMatchObject({ status: 'degraded', database: { ok: true }, storage: { ok: false } });
      expect(health.data.storage).toMatchObject({ message: expect.stringContaining(`no space left in DATA_DIR (${dataDir}`) });

      unlinkSync(filler);
      const accepted = await enrol();
      expect(accepted.code, accepted.message).toBe(0);
      expect(await call('GET', '/api/health')).toMatchObject({ status: 200, data: { status: 'ok', storage: { ok: true } } });
    });

    // Two server processes start one after the other (tsx and PGlite's WASM each time): on a loaded
    // machine that outlasts the tier's 60 s default.
    it('starting on the full disk says there is no space in DATA_DIR, for a new and an existing folder', { timeout: 180_000 }, async () => {
      await app?.close();
      await database?.close();
      app = undefined;
      database = undefined;
      fillDisk(filler);
      for (const dir of [path.join(mount, 'fresh'), dataDir]) {
        const server = servers.spawn({ env: { DATA_DIR: dir, SEED_DEMO: 'never' } });
        await server.exited;
        const output = server.describe();
        expect(output).toContain(`Failed to start: no space left in DATA_DIR (${dir}`);
        expect(output).not.toContain('[object Object]');
      }
    });
  },
);

const noCluster = mountRefused ? `cannot mount a tmpfs: ${mountRefused}` : privatePostgresUnavailable();

describe.skipIf(noCluster !== null)(`a full disk under PostgreSQL${noCluster ? ` (skipped: ${noCluster})` : ''}`, () => {
  let mount = '';
  let filler = '';
  const mobile = nextMobile();
  let cluster: PrivatePostgres | undefined;
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  let token = '';

  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await app!.inject({ method, url: `${API_BASE}${url}`, headers: { satoken: token }, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, ...(res.json() as { code: number; message: string; data: Record<string, unknown> }) };
  };
  const enrol = () =>
    call('POST', '/api/user/patient', {
      name: '磁盘测试',
      idNum: nextResidentId(),
      tel_num: nextMobile(),
      institutionId: INSTITUTION_A,
      consentDate: daysAgo(30),
    });

  beforeAll(async () => {
    mount = mkdtempSync(path.join(tmpdir(), 'tcm-pg-disk-full-'));
    filler = path.join(mount, 'filler');
    expect(mountTmpfs(mount, '160m')).toBeNull();
    cluster = await PrivatePostgres.start(mount);
    database = await openDatabase({ databaseUrl: cluster.url(), poolSize: 4 });
    await runMigrations(database);
    const config = { ...testConfig(), databaseUrl: cluster.url() };
    await seedBaseline(database.db, config);
    await database.db.insert(accounts).values({
      role: 'doctor',
      username: mobile,
      mobile,
      name: '磁盘测试医生',
      institutionId: INSTITUTION_A,
      passwordHash: await hashPassword(TEST_PASSWORD, config.security),
      registerStatus: 'Approved',
    });
    ({ app } = await buildApp({ config, database }));
    const login = await call('POST', '/api/auth/login', { username: mobile, password: TEST_PASSWORD });
    token = login.data.token as string;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => {});
    await cluster?.destroy();
    if (mount) {
      unmount(mount);
      rmSync(mount, { recursive: true, force: true });
    }
  });

  it('a write refused with 53100 answers 503 saying the disk is full, health reports it, and both recover', async () => {
    expect((await call('GET', '/api/health')).status).toBe(200);
    fillDisk(filler);

    const refused = await enrol();
    expect(refused).toMatchObject({ status: 503, code: 503, message: DISK_FULL_MESSAGE });
    const health = await call('GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.data).toMatchObject({ status: 'degraded', database: { ok: true }, storage: { ok: false } });
    expect(health.data.storage).toMatchObject({ message: expect.stringContaining('no space left in the PostgreSQL server') });

    unlinkSync(filler);
    const accepted = await enrol();
    expect(accepted.code, accepted.message).toBe(0);
    expect(await call('GET', '/api/health')).toMatchObject({ status: 200, data: { status: 'ok', storage: { ok: true } } });
  });
});
