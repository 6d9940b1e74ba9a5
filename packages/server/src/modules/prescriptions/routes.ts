import { emptyData, envelope } from '@tcm/contracts';
import {
  createPrescriptionBody,
  currentPrescriptionsResult,
  issuedPrescriptionSchema,
  PrescriptionPaths,
  prescriptionBlankResult,
  prescriptionHistoryQuery,
  prescriptionHistoryResult,
  prescriptionItemParams,
  prescriptionKindParams,
  prescriptionPatientQuery,
  voidPrescriptionQuery,
} from '@tcm/contracts/api/prescription';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/respond';
import * as service from './prescription-service';

const TAG = ['prescriptions'];

/**
 * The seven kinds of health prescription; `{kind}` is diet, sleep, motion, loseWeight, other,
 * healthEducation or physique. Reads are open to the admin (every institution) and to doctors (their
 * own); issuing and voiding are a doctor's.
 */
export async function prescriptionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(PrescriptionPaths.current, {
    config: { access: 'authenticated' },
    schema: {
      tags: TAG,
      summary: "The patient's latest prescription of every kind (null where none), for /prescribe/index",
      querystring: prescriptionPatientQuery,
      response: { 200: envelope(currentPrescriptionsResult) },
    },
    handler: async (req) => ok(await service.currentPrescriptions({ ctx: req.ctx, input: { patientId: req.query.patientId } })),
  });

  r.get(PrescriptionPaths.blank, {
    config: { access: 'authenticated' },
    schema: {
      tags: TAG,
      summary: 'The blank template of a kind, prefilled from the latest annex 1/2/3/6 records; suggestions say why',
      params: prescriptionKindParams,
      querystring: prescriptionPatientQuery,
      response: { 200: envelope(prescriptionBlankResult) },
    },
    handler: async (req) =>
      ok(await service.blankPrescription({ ctx: req.ctx, input: { kind: req.params.kind, patientId: req.query.patientId } })),
  });

  r.post(PrescriptionPaths.collection, {
    config: { access: 'doctor', idempotent: true },
    schema: {
      tags: TAG,
      summary: "Issue a prescription: the kind's fields and patientId, checked by the kind's schema",
      params: prescriptionKindParams,
      body: createPrescriptionBody,
      response: { 200: envelope(issuedPrescriptionSchema) },
    },
    handler: async (req) =>
      ok(await service.createPrescription({ ctx: req.ctx, input: { kind: req.params.kind, body: req.body } }), '保存成功'),
  });

  r.get(PrescriptionPaths.history, {
    config: { access: 'authenticated' },
    schema: {
      tags: TAG,
      summary: "A patient's prescriptions of one kind, newest first, paged",
      params: prescriptionKindParams,
      querystring: prescriptionHistoryQuery,
      response: { 200: envelope(prescriptionHistoryResult) },
    },
    handler: async (req) => ok(await service.listPrescriptions({ ctx: req.ctx, input: { kind: req.params.kind, query: req.query } })),
  });

  r.get(PrescriptionPaths.item, {
    config: { access: 'authenticated' },
    schema: {
      tags: TAG,
      summary: 'Open one prescription',
      params: prescriptionItemParams,
      response: { 200: envelope(issuedPrescriptionSchema) },
    },
    handler: async (req) => ok(await service.getPrescription({ ctx: req.ctx, input: { kind: req.params.kind, id: req.params.id } })),
  });

  r.delete(PrescriptionPaths.item, {
    config: { access: 'doctor' },
    schema: {
      tags: TAG,
      summary: 'Void a prescription with a reason (it stays, marked void, and leaves history and current)',
      params: prescriptionItemParams,
      querystring: voidPrescriptionQuery,
      response: { 200: envelope(emptyData) },
    },
    handler: async (req) =>
      ok(
        await service.voidPrescription({ ctx: req.ctx, input: { kind: req.params.kind, id: req.params.id, reason: req.query.reason } }),
        '已作废',
      ),
  });
}
