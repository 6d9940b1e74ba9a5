import { envelope, InstitutionPaths, institutionListBody, institutionListResult } from '@tcm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/respond';
import { listInstitutions } from './institution-service';

export async function institutionRoutes(app: FastifyInstance) {
  // Public: the registration screen needs the list before anyone is signed in.
  app.withTypeProvider<ZodTypeProvider>().post(InstitutionPaths.list, {
    config: { access: 'public' },
    schema: {
      tags: ['institution'],
      summary: 'Community institutions (the spec sends page 1, limit 1000)',
      body: institutionListBody.default({ page: 1, limit: 1000 }),
      response: { 200: envelope(institutionListResult) },
    },
    handler: async (req) => ok(await listInstitutions({ ctx: req.ctx, input: req.body })),
  });
}
