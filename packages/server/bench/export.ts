/**
 * `npm run bench:export`: exports 100,000 annex 7 follow-ups from PostgreSQL through the real server
 * over HTTP (GET /api/annex7Patient/exportExcel, read and counted by bench/export-client.mjs in a
 * process of its own), then writes the same rows with exceljs's streaming writer alone from memory.
 * Prints time, rows/s and peak RSS growth of each, and the ratio. Needs DATABASE_URL (a server it may
 * create a scratch database on).
 * Goals: under 15 s, RSS growth under 200 MB, within 1.5× of exceljs alone, and the stricter one within 1.2×.
 */
import { fork } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { ExportPaths } from '@tcm/contracts/api/exports';
import { desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { buildApp } from '../src/app';
import { DEFAULT_SECURITY, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { sealPatientIdentifiers } from '../src/db/queries/patient-identifiers';
import { accounts, auditLog } from '../src/db/schema';
import type { Ctx } from '../src/lib/context';
import { keyringOf } from '../src/lib/crypto';
import { hashPassword } from '../src/modules/auth/passwords';
import { rowCells } from '../src/modules/exports/cells';
import { codebookSheet } from '../src/modules/exports/codebook';
import { annex7Export } from '../src/modules/exports/definitions/annex7';
import { type AnySheet, anySheet, type Cell } from '../src/modules/exports/sheet';
import { widthOf, XLSX_WRITER_OPTIONS } from '../src/modules/exports/workbook-stream';
import { seedBaseline } from '../src/seed/baseline';
import { createFollowUpData } from './export-data';
import { scratchDatabase } from './scratch-database';

const FOLLOW_UPS = Number(process.env.BENCH_ROWS ?? 100_000);
/** Runs of each side, alternated; the median time is reported (a shared 2-core machine is noisy). */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

interface Measured {
  seconds: number;
  /** CPU time of this process (user + system): steadier than wall time when other work shares the machine. */
  cpuSeconds: number;
  bytes: number;
  peakRssGrowthMb: number;
  /** How long other work on the main thread (other API calls) could wait: p99 and max event-loop delay. */
  loopDelayMs: { p99: number; max: number };
}

/** Runs `work`, sampling RSS every 50 ms; growth is the peak over the RSS just before it started. */
async function measure(work: () => Promise<number>): Promise<Measured> {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const cpu = process.cpuUsage();
  const started = performance.now();
  try {
    const bytes = await work();
    const used = process.cpuUsage(cpu);
    loop.disable();
    return {
      loopDelayMs: { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
      seconds: (performance.now() - started) / 1000,
      cpuSeconds: (used.user + used.system) / 1e6,
      bytes,
      peakRssGrowthMb: (Math.max(peak, process.memoryUsage().rss) - baseline) / 1e6,
    };
  } finally {
    clearInterval(sampler);
    loop.disable();
  }
}

/** bench/export-client.mjs, forked once: each download() is one export read over HTTP, answering its byte count. */
function downloader() {
  // No execArgv: the parent's tsx loader is not needed by plain JavaScript and would only slow the child.
  const child = fork(fileURLToPath(new URL('./export-client.mjs', import.meta.url)), { stdio: 'inherit', execArgv: [] });
  return {
    download: (url: string, token: string) =>
      new Promise<number>((resolve, reject) => {
        const onExit = (code: number | null) => {
          child.off('message', onReply);
          reject(new Error(`the export client exited (code ${code}) during a download`));
        };
        const onReply = (reply: { bytes?: number; error?: string }) => {
          child.off('exit', onExit);
          if (reply.bytes === undefined) reject(new Error(reply.error ?? 'the export client failed'));
          else resolve(reply.bytes);
        };
        child.once('message', onReply);
        child.once('exit', onExit);
        child.send({ url, token });
      }),
    close: () => child.kill(),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Median time and CPU, and the largest RSS growth (the first run usually, before the heap has grown). */
function summarise(name: string, rows: number, runs: Measured[]) {
  const seconds = median(runs.map((m) => m.seconds));
  const cpuSeconds = median(runs.map((m) => m.cpuSeconds));
  const rss = Math.max(...runs.map((m) => m.peakRssGrowthMb));
  const loopP99 = median(runs.map((m) => m.loopDelayMs.p99));
  const loopMax = Math.max(...runs.map((m) => m.loopDelayMs.max));
  console.log(
    `${name}: ${rows} rows, median ${seconds.toFixed(2)} s (runs ${runs.map((m) => m.seconds.toFixed(2)).join(' / ')}), ` +
      `${Math.round(rows / seconds)} rows/s, CPU ${cpuSeconds.toFixed(2)} s, ${runs[0]?.bytes ?? 0} bytes, ` +
      `peak RSS growth ${rss.toFixed(0)} MB, event-loop delay p99 ${loopP99.toFixed(0)} ms (max ${loopMax.toFixed(0)} ms)`,
  );
  return { seconds, cpuSeconds, rss };
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('bench:export needs DATABASE_URL (PostgreSQL), e.g. postgres://postgres@127.0.0.1:5432/test');
  const scratch = await scratchDatabase(url);
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 10 });
  try {
    await runMigrations(database);
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), databaseUrl: scratch.url };
    // A load test is one user making thousands of calls a minute: no per-user limit.
    config.security = { ...DEFAULT_SECURITY, loginPerMinute: 10_000, userCallsPerMinute: 100_000 };
    await seedBaseline(database.db, config);
    const [admin] = await database.db
      .insert(accounts)
      .values({
        role: 'admin',
        username: 'benchadmin',
        name: '压测管理员',
        passwordHash: await hashPassword('Bench2026pass', config.security),
      })
      .returning();
    const dataStarted = Date.now();
    await createFollowUpData(database.db, { followUps: FOLLOW_UPS, doctorId: admin!.id });
    // Identifiers are sealed at rest, as start-up seals them: the export pays for opening them.
    await sealPatientIdentifiers(database.db, keyringOf(config));
    console.log(`data: ${FOLLOW_UPS} annex 7 follow-ups in ${((Date.now() - dataStarted) / 1000).toFixed(1)} s`);

    const { app } = await buildApp({ config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/prod-api`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'benchadmin', password: 'Bench2026pass' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    // Through the server: database pages → rows → xlsx stream → HTTP → a client in its own process,
    // which only counts bytes.
    const client = downloader();
    const viaServer = () => measure(() => client.download(`${base}${ExportPaths.annex7}`, token));
    // The same workbook (same cells, prepared in memory beforehand and not timed; same columns, widths,
    // frozen header, codebook sheet and writer options), written by exceljs alone on this thread.
    const alone = (sheet: AnySheet, prepared: Cell[][], codebook: { sheet: AnySheet; rows: Cell[][] }) =>
      measure(async () => {
        let bytes = 0;
        const sink = new Writable({
          write(chunk: Buffer, _encoding, done) {
            bytes += chunk.length;
            done();
          },
        });
        const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, ...XLSX_WRITER_OPTIONS });
        for (const [spec, rows] of [
          [sheet, prepared],
          [codebook.sheet, codebook.rows],
        ] as const) {
          const worksheet = book.addWorksheet(spec.name, { views: [{ state: 'frozen', ySplit: 1 }] });
          worksheet.columns = spec.columns.map((column) => ({ header: column.header, width: widthOf(column) }));
          for (const cells of rows) worksheet.addRow(cells).commit();
          worksheet.commit();
        }
        await book.commit();
        return bytes;
      });

    // The first server run goes before the in-memory rows exist, so its RSS growth is not hidden by them.
    const serverRuns = [await viaServer()];
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'export')).orderBy(desc(auditLog.id)).limit(1);
    const exported = (audit?.detail as { rows?: number } | undefined)?.rows ?? 0;
    // The same caller as the HTTP export: the admin, every institution.
    const actor = {
      id: admin!.id,
      role: 'admin',
      name: admin!.name,
      username: admin!.username,
      institutionId: null,
      sessionId: 0,
    } as const;
    const ctx = { db: database.db, actor, now: new Date(), config } as Ctx;
    const [sheet] = annex7Export.sheets(ctx, {
      institutionId: undefined,
      from: undefined,
      to: undefined,
      today: '',
      now: ctx.now,
      keyring: keyringOf(config),
    });
    if (!sheet) throw new Error('annex 7 export has no sheet');
    const prepared: Cell[][] = [];
    for await (const page of sheet.pages()) for (const row of page) prepared.push(rowCells(sheet.columns, row));
    const codebook = anySheet(codebookSheet([sheet]));
    const codebookRows: Cell[][] = [];
    for await (const page of codebook.pages()) for (const row of page) codebookRows.push(rowCells(codebook.columns, row));
    const book = { sheet: codebook, rows: codebookRows };
    const aloneRuns = [await alone(sheet, prepared, book)];
    for (let run = 1; run < RUNS; run += 1) {
      serverRuns.push(await viaServer());
      aloneRuns.push(await alone(sheet, prepared, book));
    }
    client.close();
    await app.close();

    const server = summarise('server over HTTP (PostgreSQL → xlsx → client)', exported, serverRuns);
    const direct = summarise('exceljs alone from memory', prepared.length, aloneRuns);
    const ratio = server.seconds / direct.seconds;
    console.log(`ratio server / exceljs alone: ${ratio.toFixed(2)}× time, ${(server.cpuSeconds / direct.cpuSeconds).toFixed(2)}× CPU`);
    const goals = [server.seconds < 15, server.rss < 200, ratio <= 1.5];
    console.log(`goals (< 15 s, < 200 MB RSS growth, ≤ 1.5× exceljs alone): ${goals.map((ok) => (ok ? 'met' : 'MISSED')).join(', ')}`);
    const strictGoals = [ratio <= 1.2, server.rss < 200];
    console.log(
      `stricter goals (≤ 1.2× exceljs alone, < 200 MB RSS growth): ${strictGoals.map((ok) => (ok ? 'met' : 'MISSED')).join(', ')}`,
    );
  } finally {
    await database.close();
    await scratch.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
