import { AnnexQueryPaths, annexListQuery, annexListResult, envelope, personalCenterQuery, personalCenterResult } from '@tcm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { patientScope } from '../../db/queries/patients';
import { ok } from '../../lib/respond';
import { listPatientPage } from '../patients/patient-queries';
import { personalCenterData } from './personal-center';

const TAG = ['annex'];

export async function annexQueryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const [path, fillStatus, summary] of [
    [AnnexQueryPaths.toBeContinued, 'uncompleted', 'Managed patients whose follow-up entry is not completed'],
    [AnnexQueryPaths.completed, 'completed', 'Managed patients whose follow-up entry is completed'],
  ] as const) {
    r.get(path, {
      config: { access: 'authenticated' },
      schema: { tags: TAG, summary, querystring: annexListQuery, response: { 200: envelope(annexListResult) } },
      handler: async (req) => {
        return ok(
          await listPatientPage(
            req.ctx,
            patientScope(req.ctx, req.query.institutionId),
            { cohort: 'managed', fillStatus, keyword: req.query.keyword },
            req.query.page,
            req.query.limit,
          ),
        );
      },
    });
  }

  r.get(AnnexQueryPaths.personalCenter, {
    config: { access: 'authenticated' },
    schema: {
      tags: TAG,
      summary: 'The eight personal-centre figures',
      querystring: personalCenterQuery,
      response: { 200: envelope(personalCenterResult) },
    },
    handler: async (req) => ok(await personalCenterData({ ctx: req.ctx, input: req.query })),
  });
}
