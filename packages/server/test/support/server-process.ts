import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE, TOKEN_HEADER } from '@tcm/contracts';

/**
 * Real server processes for the tests that need what app.inject() cannot give: several instances
 * on one database, and a process killed with SIGKILL. Each runs src/main.ts exactly as production
 * starts it (migrations, seeding, listen), loaded through tsx's hook inside the same node process,
 * so the pid is the server itself and a kill -9 leaves no orphaned child.
 */

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repoRoot = path.resolve(serverRoot, '../..');
const MAIN = path.join(serverRoot, 'src/main.ts');
/** Keeps the end of a process's output for failure messages without growing without bound. */
const OUTPUT_TAIL_CHARS = 20_000;

/** A port the OS just handed out; the child may lose it to a race, which start() retries. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Last resort if the test worker exits without running afterAll (a crash, a timeout kill): no server
 * outlives it. 'exit' handlers run synchronously, which kill() is.
 */
const liveChildren = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of liveChildren) child.kill('SIGKILL');
});

export interface ServerOptions {
  /** DATABASE_URL or DATA_DIR, plus anything else main.ts reads (SEED_DEMO, …). */
  env: Record<string, string>;
}

export interface Envelope<T = unknown> {
  status: number;
  code: number;
  message: string;
  data: T;
}

export class ServerProcess {
  readonly baseUrl: string;
  private output = '';
  private exitCode: number | null = null;
  private exitSignal: NodeJS.Signals | null = null;
  readonly exited: Promise<void>;

  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exitCode = code;
        this.exitSignal = signal;
        resolve();
      });
    });
  }

  static spawn(options: ServerOptions, port: number): ServerProcess {
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...options.env,
    };
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    liveChildren.add(child);
    child.once('exit', () => liveChildren.delete(child));
    return new ServerProcess(child, port);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get running(): boolean {
    return this.exitCode === null && this.exitSignal === null;
  }

  describe(): string {
    const state = this.running ? 'running' : `exited (code ${this.exitCode}, signal ${this.exitSignal})`;
    return `server on port ${this.port}, ${state}; output:\n${this.output}`;
  }

  /** Polls GET /api/health until it answers code 0; fails at once if the process dies. */
  async waitHealthy(deadlineMs: number): Promise<void> {
    const deadline = Date.now() + deadlineMs;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`server died while starting: ${this.describe()}`);
      try {
        const health = await this.call({ method: 'GET', path: '/api/health', timeoutMs: 2000 });
        if (health.code === 0) return;
      } catch {
        // Not listening yet: wait for the next poll (or for the process to exit).
      }
      await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, 200))]);
    }
    throw new Error(`server not healthy within ${deadlineMs} ms: ${this.describe()}`);
  }

  async call<T = unknown>(options: {
    method: string;
    path: string;
    token?: string;
    body?: unknown;
    timeoutMs?: number;
  }): Promise<Envelope<T>> {
    const headers: Record<string, string> = {};
    if (options.token) headers[TOKEN_HEADER] = options.token;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${API_BASE}${options.path}`, {
      method: options.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const parsed = (await response.json()) as { code: number; message: string; data: T };
    return { status: response.status, ...parsed };
  }

  async login(username: string, password: string): Promise<string> {
    const res = await this.call<{ token: string }>({ method: 'POST', path: '/api/auth/login', body: { username, password } });
    if (res.code !== 0) throw new Error(`login of ${username} failed: ${res.code} ${res.message}`);
    return res.data.token;
  }

  /** SIGKILL: no shutdown hook runs, nothing is flushed. */
  async killHard(): Promise<void> {
    if (this.running) this.child.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM (graceful close of the server and the database), SIGKILL if that takes too long. */
  async stop(graceMs = 15_000): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}

/**
 * Every server a test file starts, so that afterAll kills them all whatever failed, including those
 * still starting when a sibling failed.
 */
export class ServerGroup {
  private readonly all: ServerProcess[] = [];

  /**
   * Starts main.ts on a free port and waits until it is healthy. A port taken between probing and the
   * child's listen (EADDRINUSE) is retried on a new port; any other failure is reported with the
   * process output.
   */
  async start(options: ServerOptions, deadlineMs = 100_000): Promise<ServerProcess> {
    for (let attempt = 1; ; attempt++) {
      const server = ServerProcess.spawn(options, await freePort());
      this.all.push(server);
      try {
        await server.waitHealthy(deadlineMs);
        return server;
      } catch (error) {
        const portTaken = server.describe().includes('EADDRINUSE');
        await server.killHard();
        if (!portTaken || attempt === 3) throw error;
      }
    }
  }

  /**
   * Spawns main.ts without waiting for it to be healthy, for a start that is meant to fail; killAll()
   * still reaches it if the test fails or times out while it runs.
   */
  spawn(options: ServerOptions, port = 0): ServerProcess {
    const server = ServerProcess.spawn(options, port);
    this.all.push(server);
    return server;
  }

  /** SIGKILL for whatever is still running: cleanup must not wait on a server that hangs. */
  async killAll(): Promise<void> {
    await Promise.all(this.all.map((server) => server.killHard()));
  }
}
