import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Server processes for the scale-out run of `bench:api`: each is `src/main.ts` as
 * deployed (NODE_ENV=production: answers written by the compiled serialiser, no per-answer zod
 * parse) on the same PostgreSQL database, on its own port.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const MAIN = path.resolve(here, '../src/main.ts');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface Instance {
  base: string;
  stop(): Promise<void>;
}

async function waitUntilServing(base: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`bench server exited: ${output()}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`bench server did not start: ${output()}`);
}

export async function startInstances(count: number, databaseUrl: string): Promise<Instance[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          NODE_ENV: 'production',
          LOG_LEVEL: 'silent',
          DATABASE_URL: databaseUrl,
          PORT: String(port),
          HOST: '127.0.0.1',
          SEED_DEMO: 'never',
          ADMIN_USERNAME: 'benchroot',
          ADMIN_PASSWORD: 'Bench-root-2026-pass',
          // A load test is one user making thousands of calls a minute.
          USER_CALLS_PER_MINUTE: '100000',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (d) => (output += String(d)));
      child.stderr?.on('data', (d) => (output += String(d)));
      const base = `http://127.0.0.1:${port}/prod-api`;
      await waitUntilServing(base, child, () => output);
      return {
        base,
        stop: () =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      };
    }),
  );
}
