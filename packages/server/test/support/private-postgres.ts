import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of a test's own, made with the machine's initdb/pg_ctl on a free port of
 * 127.0.0.1: a test that restarts the server or ends every backend must never touch the shared
 * cluster on port 5432 that the other test files (and other people) are using.
 */

/** The newest /usr/lib/postgresql/<version>/bin holding initdb and pg_ctl, or null. */
export function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

/** Why a private cluster cannot be made here, or null when it can. */
export function privatePostgresUnavailable(): string | null {
  if (!postgresBinaries()) return 'no PostgreSQL server binaries under /usr/lib/postgresql/*/bin';
  if (userInfo().uid === 0) {
    try {
      const passwd = readFileSync('/etc/passwd', 'utf8');
      if (!/^postgres:/m.test(passwd)) return 'running as root and there is no postgres user for initdb';
    } catch {
      return 'running as root and /etc/passwd is unreadable';
    }
  }
  return null;
}

/**
 * Last resort if the test worker exits without running afterAll: no cluster outlives it. 'exit'
 * handlers must be synchronous, hence spawnSync.
 */
const liveClusters = new Set<PrivatePostgres>();
process.once('exit', () => {
  for (const cluster of liveClusters) cluster.stopNow();
});

export class PrivatePostgres {
  private constructor(
    private readonly bin: string,
    private readonly dir: string,
    readonly port: number,
  ) {}

  private get dataDir(): string {
    return path.join(this.dir, 'data');
  }

  /** initdb and start; trust authentication on 127.0.0.1 only. `parent`: where its folder goes (a small disk). */
  static async start(parent = tmpdir()): Promise<PrivatePostgres> {
    const bin = postgresBinaries();
    if (!bin) throw new Error('no PostgreSQL binaries');
    const dir = mkdtempSync(path.join(parent, 'tcm-private-pg-'));
    // initdb refuses to run as root: the cluster belongs to the postgres user, as on a real host.
    if (userInfo().uid === 0) {
      const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
      const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
      chownSync(dir, uid, gid);
    }
    const cluster = new PrivatePostgres(bin, dir, await freePort());
    await cluster.asOwner('initdb', ['-D', cluster.dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
    liveClusters.add(cluster);
    await cluster.startServer();
    return cluster;
  }

  private ownerCommand(tool: string, args: string[]): [string, string[]] {
    const command = path.join(this.bin, tool);
    return userInfo().uid === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  }

  /** Synchronous immediate stop, for the process's 'exit' handler. */
  stopNow(): void {
    spawnSync(...this.ownerCommand('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', '-t', '10', 'stop']), { stdio: 'ignore' });
  }

  private async asOwner(tool: string, args: string[]): Promise<string> {
    const [file, argv] = this.ownerCommand(tool, args);
    try {
      return (await run(file, argv, { cwd: this.dir, timeout: 60_000 })).stdout;
    } catch (error) {
      const failure = error as { stderr?: string; message: string };
      throw new Error(`${tool} failed: ${failure.stderr || failure.message}\n${this.serverLog()}`);
    }
  }

  private serverLog(): string {
    const file = path.join(this.dir, 'server.log');
    return existsSync(file) ? readFileSync(file, 'utf8').slice(-4000) : '';
  }

  /** The address of one of its databases (the cluster's own `postgres` database by default). */
  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async startServer(): Promise<void> {
    const options = [
      `-p ${this.port}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${this.dir}`,
      // The test checks what survives a restart, not a power cut: a clean shutdown flushes anyway.
      '-c fsync=off',
      '-c max_connections=60',
    ].join(' ');
    await this.asOwner('pg_ctl', ['-D', this.dataDir, '-l', path.join(this.dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
  }

  /** `pg_ctl stop -m fast`: every session is ended (57P01) and the port closes until startServer(). */
  async stopServer(): Promise<void> {
    await this.asOwner('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
  }

  async query<T = Record<string, unknown>>(text: string, database = 'postgres'): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.url(database) });
    await client.connect();
    try {
      return (await client.query(text)).rows as T[];
    } finally {
      await client.end();
    }
  }

  /** pg_terminate_backend on every client session of `database` (not this call's own). */
  async terminateBackends(database: string): Promise<number> {
    const rows = await this.query<{ ended: number }>(
      `select count(*) filter (where pg_terminate_backend(pid))::int as ended
         from pg_stat_activity where datname = '${database.replaceAll("'", "''")}' and pid <> pg_backend_pid()`,
    );
    return rows[0]?.ended ?? 0;
  }

  /** Stops the cluster (immediately: nothing of it is kept) and removes its folder. */
  async destroy(): Promise<void> {
    liveClusters.delete(this);
    try {
      await this.asOwner('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', '-t', '30', 'stop']);
    } catch {
      // Already stopped, or never started.
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
