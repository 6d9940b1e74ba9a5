import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Every server the test started: one left running by a failed step is killed when the file ends. */
const started: ChildProcess[] = [];

function startServer(dataDir: string, port: number): { child: ChildProcess; output: () => string } {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      SEED_DEMO: 'auto',
    },
  });
  started.push(child);
  child.stdout?.on('data', (c) => {
    out += c;
  });
  child.stderr?.on('data', (c) => {
    out += c;
  });
  return { child, output: () => out };
}

/**
 * A first start on an empty data folder migrates and seeds the demo data through the services (about
 * 40 s of PGlite work on a quiet 2-core machine, past 90 s with the API tier's other worker and a
 * loaded machine beside it): the wait is for a hung start, not a measure of a fast one. On failure the
 * server's own output says where it stopped.
 */
async function waitForHealth(port: number, output: () => string, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/prod-api/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy within ${timeoutMs / 1000} s; its output:\n${output().slice(-4000)}`);
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('process lifecycle with the embedded PGlite', () => {
  afterAll(() => {
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  it('seeds once, closes the database cleanly on SIGTERM and SIGINT, and keeps its data across restarts', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tcm-lifecycle-'));
    const port = await freePort();

    const first = startServer(dataDir, port);
    await waitForHealth(port, first.output);
    expect(first.output()).toContain('Demo accounts');
    const login = await fetch(`http://127.0.0.1:${port}/prod-api/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: '13900000001', password: 'Doctor#2026' }),
    });
    expect(((await login.json()) as { code: number }).code).toBe(0);
    const firstExit = exitOf(first.child);
    first.child.kill('SIGTERM');
    expect(await firstExit).toBe(0);

    const second = startServer(dataDir, port);
    await waitForHealth(port, second.output);
    expect(second.output()).not.toContain('Demo accounts');
    const again = await fetch(`http://127.0.0.1:${port}/prod-api/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: '13900000001', password: 'Doctor#2026' }),
    });
    expect(((await again.json()) as { code: number }).code).toBe(0);
    const secondExit = exitOf(second.child);
    second.child.kill('SIGINT');
    expect(await secondExit).toBe(0);
  }, 720_000);
});
