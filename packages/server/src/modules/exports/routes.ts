import { envelope } from '@tcm/contracts';
import { EXPORT_PROGRESS_PATH, type ExportQuery, exportProgressQuery, exportProgressResult, exportQuery } from '@tcm/contracts/api/exports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../lib/context';
import { ok } from '../../lib/respond';
import { EXPORT_DEFINITIONS, REPORT_EXPORT_DEFINITIONS } from './definitions';
import { ExportGate } from './export-gate';
import { ExportProgressBoard } from './export-progress';
import { sendExport } from './export-response';
import { exportIdentity } from './sheet';

/**
 * The seven Excel exports. Open to doctors (their institution) and the admin (all, or one by
 * `institutionId`); a 200 is an .xlsx file, anything else the JSON envelope. At most `concurrency`
 * stream at once (one gate for all seven, and for the reports exported the same way, e.g. the outcome report).
 */
export const exportRoutes = (concurrency: number) => async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const gate = new ExportGate(concurrency);
  const progress = new ExportProgressBoard();
  for (const definition of [...EXPORT_DEFINITIONS, ...REPORT_EXPORT_DEFINITIONS]) {
    r.get(exportIdentity(definition).path, {
      config: { access: 'authenticated' },
      schema: {
        tags: ['exports'],
        summary: definition.summary,
        description:
          'Answers an .xlsx file (Content-Disposition with the Chinese name in filename*) whose second sheet is the codebook; refusals and bad filters answer the JSON envelope.',
        querystring: ('query' in definition && definition.query) || exportQuery,
      },
      handler: (req, reply) => sendExport(req, reply, req.query as ExportQuery, definition, gate, progress),
    });
  }
  r.get(EXPORT_PROGRESS_PATH, {
    config: { access: 'authenticated' },
    schema: {
      tags: ['exports'],
      summary: 'Rows an export of the caller has written so far (by the progressId it was started with)',
      querystring: exportProgressQuery,
      response: { 200: envelope(exportProgressResult) },
    },
    handler: async (req) => ok(progress.read(requireActor(req.ctx).id, req.query.progressId)),
  });
};
