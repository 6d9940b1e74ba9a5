import type { ServerResponse } from 'node:http';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { type ExportName, type ExportQuery, XLSX_CONTENT_TYPE } from '@tcm/contracts/api/exports';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { institutions } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { type Ctx, requireActor } from '../../lib/context';
import { keyringOf } from '../../lib/crypto';
import { notFound } from '../../lib/errors';
import { scopedInstitution, todayOf } from '../../lib/scope';
import type { ExportGate } from './export-gate';
import { applyExportOptions, type ExportOptions, Pseudonyms } from './export-options';
import type { ExportProgressBoard } from './export-progress';
import { type AnyExportDefinition, type AnySheet, type ExportScope, exportIdentity } from './sheet';
import { watchForStall } from './stall-guard';
import { ExportAborted, writeWorkbook } from './workbook-stream';

/** RFC 5987 attr-chars only: encodeURIComponent leaves ' ( ) * which the grammar does not allow. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `attachment` with an ASCII fallback name and the Chinese name (RFC 6266 / 5987), both dated. */
export function contentDisposition(name: ExportName, today: string): string {
  const day = today.replaceAll('-', '');
  return `attachment; filename="${name.fileStem}_${day}.xlsx"; filename*=UTF-8''${encodeExtValue(`${name.zh}_${day}.xlsx`)}`;
}

/** Rights and filters are settled here, before any byte is sent, so a refusal is still a JSON envelope. */
async function resolveScope(ctx: Ctx, query: ExportRequest): Promise<ExportScope> {
  const institutionId = scopedInstitution(ctx, query.institutionId);
  if (institutionId !== undefined && ctx.actor?.role === 'admin') {
    const [found] = await ctx.db.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, institutionId));
    if (!found) throw notFound('机构不存在');
  }
  return { institutionId, from: query.from, to: query.to, today: todayOf(ctx), now: ctx.now, keyring: keyringOf(ctx.config) };
}

type Outcome = 'completed' | 'aborted' | 'failed';

/** How an export was asked for: its options, and the secret of its pseudonymous keys when de-identified. */
interface ExportManner {
  options: ExportOptions;
  pseudonyms: Pseudonyms;
}

/**
 * One audit row per export, written when it ends, with the rows that went out (PIPL: full identifiers
 * unless de-identified). A de-identified export records the secret of its patient keys, so that an
 * auditor can tell which patient a key stands for.
 */
function auditExport(
  ctx: Ctx,
  definition: AnyExportDefinition,
  scope: ExportScope,
  counts: Record<string, number>,
  outcome: Outcome,
  manner: ExportManner,
) {
  const [rows = 0] = Object.values(counts);
  return writeAudit(ctx, {
    action: 'export',
    entity: 'export',
    entityId: definition.key,
    institutionId: scope.institutionId ?? null,
    detail: {
      export: definition.key,
      name: exportIdentity(definition).name.zh,
      path: exportIdentity(definition).path,
      filters: { institutionId: scope.institutionId ?? null, from: scope.from ?? null, to: scope.to ?? null },
      rows,
      sheets: counts,
      outcome,
      deidentify: manner.options.deidentify,
      coded: manner.options.coded,
      ...(manner.options.deidentify
        ? { pseudonymKey: { method: 'HMAC-SHA256(patient id), first 12 hex', secret: manner.pseudonyms.secret } }
        : {}),
    },
  });
}

/**
 * Pipes the zip into the response without ending it. Settles once the zip is through, and fails as soon
 * as the response closes first (its client gone or cut off): the zip would then never drain, and
 * waiting on it would hold the export's place for ever.
 */
export function pipeZip(zip: PassThrough, output: Writable): Promise<void> {
  zip.pipe(output, { end: false });
  const onClose = () => zip.destroy();
  output.once('close', onClose);
  const flushed = finished(zip).finally(() => output.off('close', onClose));
  // Awaited by the caller once the workbook is written; until then a failure must not count as unhandled.
  flushed.catch(() => undefined);
  return flushed;
}

/**
 * Writes the workbook into `output` (the response body). The zip goes through its own stream piped
 * into `output` without ending it, so the response ends only once the audit row is written: a download
 * whose audit failed is cut off rather than delivered unrecorded. Once bytes have gone out, a failure
 * can no longer become an envelope: it is logged and the connection is closed, which the browser
 * reports as a failed download instead of saving a truncated file. A client that takes no bytes for
 * `exportIdleTimeoutMs` is cut off the same way (audited `aborted`), so it cannot hold a place.
 */
async function streamExport(
  req: FastifyRequest,
  res: ServerResponse,
  definition: AnyExportDefinition,
  scope: ExportScope,
  sheets: AnySheet[],
  output: PassThrough,
  manner: ExportManner,
  counts: Record<string, number>,
) {
  const ctx = req.ctx;
  const zip = new PassThrough();
  const zipFlushed = pipeZip(zip, output);
  const idleMs = ctx.config.exportIdleTimeoutMs;
  let stalled = false;
  const stopWatching = watchForStall(res, idleMs, () => {
    stalled = true;
    req.log.warn({ export: definition.key, rows: counts, idleSeconds: idleMs / 1000 }, 'export cut off: the client took no bytes');
    res.destroy();
    output.destroy();
  });
  let outcome: Outcome = 'completed';
  let failure: unknown;
  try {
    await writeWorkbook(zip, output, sheets, counts);
    await zipFlushed;
    // Closed before its end was sent: the client did not get the whole file.
    if (output.destroyed) throw new ExportAborted();
  } catch (error) {
    failure = error;
    outcome = error instanceof ExportAborted || output.destroyed ? 'aborted' : 'failed';
    if (outcome === 'failed') req.log.error({ err: error, export: definition.key, rows: counts }, 'export failed after streaming began');
    else if (!stalled) req.log.warn({ export: definition.key, rows: counts }, 'export aborted by the client');
  }
  try {
    await auditExport(ctx, definition, scope, counts, outcome, manner);
  } catch (error) {
    req.log.error({ err: error, export: definition.key }, 'export audit row could not be written; download cut off');
    failure ??= error;
  }
  if (failure === undefined) {
    // The client may have left after the last byte was produced: nothing is left to end then. The
    // watch goes on until the last bytes have left (it stops itself when the response finishes).
    if (!output.destroyed) output.end();
    return;
  }
  stopWatching();
  zip.destroy();
  output.destroy(outcome === 'aborted' ? undefined : failure instanceof Error ? failure : new Error(String(failure)));
}

/** The export's query; the options are off when absent (callers inside the server may leave them out). */
export type ExportRequest = Omit<ExportQuery, 'deidentify' | 'coded' | 'progressId'> & Partial<ExportOptions> & { progressId?: string };

export async function sendExport(
  req: FastifyRequest,
  reply: FastifyReply,
  query: ExportRequest,
  definition: AnyExportDefinition,
  gate: ExportGate,
  progress?: ExportProgressBoard,
) {
  const scope = await resolveScope(req.ctx, query);
  if ('check' in definition && definition.check) await definition.check(req.ctx, query as Record<string, unknown>);
  const manner = { options: { deidentify: query.deidentify ?? false, coded: query.coded ?? false }, pseudonyms: new Pseudonyms() };
  const sheets = applyExportOptions(definition.sheets(req.ctx, scope, query as Record<string, unknown>), manner.options, manner.pseudonyms);
  const actor = requireActor(req.ctx);
  const release = gate.enter({ userId: actor.id, institutionId: actor.institutionId });
  const output = new PassThrough();
  const counts: Record<string, number> = {};
  const ended = progress && query.progressId ? progress.track(actor.id, query.progressId, counts) : () => undefined;
  reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', contentDisposition(exportIdentity(definition).name, scope.today))
    // Full ID and phone numbers (or data of patients all the same): never kept by a proxy or the browser cache.
    .header('cache-control', 'no-store');
  void streamExport(req, reply.raw, definition, scope, sheets, output, manner, counts).finally(() => {
    ended();
    release();
  });
  return reply.send(output);
}
