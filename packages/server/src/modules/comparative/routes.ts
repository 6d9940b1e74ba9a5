import {
  ComparativePaths,
  comparativeListBody,
  comparativeListResult,
  createComparativeBody,
  createComparativeResult,
  emptyData,
  envelope,
  idQuery,
  voidQuery,
} from '@tcm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { patientScope } from '../../db/queries/patients';
import { ok } from '../../lib/respond';
import { listPatientPage } from '../patients/patient-queries';
import { createPatient, endManagement, voidPatient } from '../patients/patient-service';

const TAG = ['comparative'];

export async function comparativeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(ComparativePaths.create, {
    config: { access: 'doctor', idempotent: true },
    schema: {
      tags: TAG,
      summary: 'Add a comparison-group member (role 0 pre-diabetes, 1 diabetes)',
      body: createComparativeBody,
      response: { 200: envelope(createComparativeResult) },
    },
    handler: async (req) => {
      const { role, tel_num, ...rest } = req.body;
      return ok(
        await createPatient({ ctx: req.ctx, input: { cohort: 'comparison', comparisonRole: role, telNum: tel_num, ...rest } }),
        '添加成功',
      );
    },
  });

  r.post(ComparativePaths.list, {
    config: { access: 'authenticated' },
    schema: {
      tags: TAG,
      summary: 'Comparison-group members, paged',
      body: comparativeListBody,
      response: { 200: envelope(comparativeListResult) },
    },
    handler: async (req) => {
      const { role, state, keyword, overdueOnly, dueWithinDays, sort, urgentOnly, outreach, page, limit } = req.body;
      return ok(
        await listPatientPage(
          req.ctx,
          patientScope(req.ctx, req.body.institutionId),
          { cohort: 'comparison', comparisonRole: role, state, keyword, overdueOnly, dueWithinDays, sort, urgentOnly, outreach },
          page,
          limit,
        ),
      );
    },
  });

  r.get(ComparativePaths.endManagement, {
    config: { access: 'doctor' },
    schema: {
      tags: TAG,
      summary: 'End the follow-up of a comparison-group member',
      querystring: idQuery,
      response: { 200: envelope(emptyData) },
    },
    handler: async (req) => ok(await endManagement({ ctx: req.ctx, input: { ...req.query, cohort: 'comparison' } }), '已结束管理'),
  });

  r.delete(ComparativePaths.remove, {
    config: { access: 'doctor' },
    schema: {
      tags: TAG,
      summary: 'Void a comparison-group member with a reason',
      querystring: voidQuery,
      response: { 200: envelope(emptyData) },
    },
    handler: async (req) => ok(await voidPatient({ ctx: req.ctx, input: { ...req.query, cohort: 'comparison' } }), '已作废'),
  });
}
