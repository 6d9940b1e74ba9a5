import { envelope, OutcomePaths, outcomeQuery, outcomeReport } from '@tcm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/respond';
import { getOutcomeReport } from './service';

/**
 * The programme outcome report (docs/outcomes.md). Its Excel export is registered with the
 * other exports (modules/exports/routes.ts) so that it shares their concurrency gate and audit.
 */
export async function outcomeRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(OutcomePaths.report, {
    config: { access: 'authenticated' },
    schema: {
      tags: ['outcomes'],
      summary: 'Programme outcomes: the managed group against the pre-diabetes comparison group',
      description:
        'Computed by the database over the live records (docs/outcomes.md). A doctor gets their institution only (another answers 403); ' +
        'the admin one institution or the whole city. `from`/`to` bound the baseline date, both days included.',
      querystring: outcomeQuery,
      response: { 200: envelope(outcomeReport) },
    },
    handler: async (req) => ok(await getOutcomeReport({ ctx: req.ctx, input: req.query })),
  });
}
