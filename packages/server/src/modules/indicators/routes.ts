import {
  envelope,
  IndicatorPaths,
  indicatorPatientsQuery,
  indicatorPatientsResult,
  indicatorQuery,
  indicatorReport,
  indicatorTargets,
  patientGapsQuery,
  patientGapsResult,
  setIndicatorTargetBody,
} from '@tcm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inTransaction } from '../../lib/context';
import { ok } from '../../lib/respond';
import { getIndicatorPatients, getIndicators, getPatientGaps, listTargets, setTarget } from './service';

/**
 * The management quality indicators (docs/indicators.md). Their Excel export is registered with the
 * other exports (modules/exports/routes.ts) so that it shares their concurrency gate and audit.
 */
export async function indicatorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(IndicatorPaths.indicators, {
    config: { access: 'authenticated' },
    schema: {
      tags: ['indicators'],
      summary: 'Management quality indicators of a period (month 2026-07, quarter 2026-Q3, year 2026)',
      description:
        'A doctor gets their institution (another answers 403) and may filter to the patients they enrolled (`doctorId` = their own id); ' +
        'the admin the city (with `byInstitution`), one institution or one doctor (with `byDoctor`). `trend`: the 12 periods ending with this one.',
      querystring: indicatorQuery,
      response: { 200: envelope(indicatorReport) },
    },
    handler: async (req) => ok(await getIndicators({ ctx: req.ctx, input: req.query })),
  });
  r.get(IndicatorPaths.patients, {
    config: { access: 'authenticated' },
    schema: {
      tags: ['indicators'],
      summary: 'The patients behind one figure: numerator, denominator or gap (in the denominator, not the numerator)',
      description:
        'Scoped as the indicators. `count` is the units each patient carries (follow-ups, alerts, contacts); `units` their sum, the figure.',
      querystring: indicatorPatientsQuery,
      response: { 200: envelope(indicatorPatientsResult) },
    },
    handler: async (req) => ok(await getIndicatorPatients({ ctx: req.ctx, input: req.query })),
  });
  r.get(IndicatorPaths.targets, {
    config: { access: 'authenticated' },
    schema: {
      tags: ['indicators'],
      summary: 'The targets set for the indicators (percent)',
      response: { 200: envelope(indicatorTargets) },
    },
    handler: async (req) => ok(await listTargets({ ctx: req.ctx, input: undefined })),
  });
  r.put(IndicatorPaths.targets, {
    config: { access: 'admin' },
    schema: {
      tags: ['indicators'],
      summary: 'Sets (or with null removes) the target of one indicator',
      body: setIndicatorTargetBody,
      response: { 200: envelope(indicatorTargets) },
    },
    handler: async (req) => ok(await inTransaction(req.ctx, (ctx) => setTarget({ ctx, input: req.body }))),
  });
  r.get(IndicatorPaths.patientGaps, {
    config: { access: 'authenticated' },
    schema: {
      tags: ['indicators'],
      summary: 'The indicators one patient currently fails (基线未完成, 随访逾期, …)',
      querystring: patientGapsQuery,
      response: { 200: envelope(patientGapsResult) },
    },
    handler: async (req) => ok(await getPatientGaps({ ctx: req.ctx, input: req.query })),
  });
}
