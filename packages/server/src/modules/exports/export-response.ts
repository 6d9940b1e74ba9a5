import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { EXPORT_NAMES, type ExportName, ExportPaths, type ExportQuery, XLSX_CONTENT_TYPE } from '@tcm/contracts/api/exports';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { institutions } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { Ctx } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { scopedInstitution, todayOf } from '../../lib/scope';
import type { ExportGate } from './export-gate';
import type { AnySheet, ExportDefinition, ExportScope } from './sheet';
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
async function resolveScope(ctx: Ctx, query: ExportQuery): Promise<ExportScope> {
  const institutionId = scopedInstitution(ctx, query.institutionId);
  if (institutionId !== undefined && ctx.actor?.role === 'admin') {
    const [found] = await ctx.db.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, institutionId));
    if (!found) throw notFound('机构不存在');
  }
  return { institutionId, from: query.from, to: query.to, today: todayOf(ctx), now: ctx.now };
}

type Outcome = 'completed' | 'aborted' | 'failed';

/** One audit row per export, written when it ends, with the rows that went out (PIPL: full identifiers). */
function auditExport(ctx: Ctx, definition: ExportDefinition, scope: ExportScope, counts: Record<string, number>, outcome: Outcome) {
  const [rows = 0] = Object.values(counts);
  return writeAudit(ctx, {
    action: 'export',
    entity: 'export',
    entityId: definition.key,
    institutionId: scope.institutionId ?? null,
    detail: {
      export: definition.key,
      name: EXPORT_NAMES[definition.key].zh,
      path: ExportPaths[definition.key],
      filters: { institutionId: scope.institutionId ?? null, from: scope.from ?? null, to: scope.to ?? null },
      rows,
      sheets: counts,
      outcome,
    },
  });
}

/**
 * Writes the workbook into `output` (the response body). The zip goes through its own stream piped
 * into `output` without ending it, so the response ends only once the audit row is written: a download
 * whose audit failed is cut off rather than delivered unrecorded. Once bytes have gone out, a failure
 * can no longer become an envelope: it is logged and the connection is closed, which the browser
 * reports as a failed download instead of saving a truncated file.
 */
async function streamExport(
  req: FastifyRequest,
  definition: ExportDefinition,
  scope: ExportScope,
  sheets: AnySheet[],
  output: PassThrough,
) {
  const ctx = req.ctx;
  const zip = new PassThrough();
  zip.pipe(output, { end: false });
  const zipFlushed = finished(zip);
  zipFlushed.catch(() => undefined);
  const counts: Record<string, number> = {};
  let outcome: Outcome = 'completed';
  let failure: unknown;
  try {
    await writeWorkbook(zip, output, sheets, counts);
    await zipFlushed;
  } catch (error) {
    failure = error;
    outcome = error instanceof ExportAborted || output.destroyed ? 'aborted' : 'failed';
    if (outcome === 'aborted') req.log.warn({ export: definition.key, rows: counts }, 'export aborted by the client');
    else req.log.error({ err: error, export: definition.key, rows: counts }, 'export failed after streaming began');
  }
  try {
    await auditExport(ctx, definition, scope, counts, outcome);
  } catch (error) {
    req.log.error({ err: error, export: definition.key }, 'export audit row could not be written; download cut off');
    failure ??= error;
  }
  if (failure === undefined) {
    // The client may have left after the last byte was produced: nothing is left to end then.
    if (!output.destroyed) output.end();
    return;
  }
  zip.destroy();
  output.destroy(outcome === 'aborted' ? undefined : failure instanceof Error ? failure : new Error(String(failure)));
}

export async function sendExport(
  req: FastifyRequest,
  reply: FastifyReply,
  query: ExportQuery,
  definition: ExportDefinition,
  gate: ExportGate,
) {
  const scope = await resolveScope(req.ctx, query);
  const sheets = definition.sheets(req.ctx, scope);
  const release = gate.enter();
  const output = new PassThrough();
  reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', contentDisposition(EXPORT_NAMES[definition.key], scope.today))
    // Full ID and phone numbers: never kept by a proxy or the browser cache.
    .header('cache-control', 'no-store');
  void streamExport(req, definition, scope, sheets, output).finally(release);
  return reply.send(output);
}
