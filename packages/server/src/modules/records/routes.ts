import {
  annexRecordSchema,
  createRecordBody,
  emptyData,
  envelope,
  RecordPaths,
  recordCollectionParams,
  recordHistoryQuery,
  recordHistoryResult,
  recordItemParams,
  recordRevisionsResult,
  updateRecordBody,
  voidRecordQuery,
} from '@tcm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/respond';
import { listRevisions } from './record-revisions';
import * as records from './record-service';

const TAG = ['records'];

/** The records API of the instruments; `{annex}` is 1…9 or custom. */
export async function recordRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(RecordPaths.collection, {
    config: { access: 'doctor', idempotent: true },
    schema: {
      tags: TAG,
      summary: 'Save a filled instrument for a patient',
      params: recordCollectionParams,
      body: createRecordBody,
      response: { 200: envelope(annexRecordSchema) },
    },
    handler: async (req) => ok(await records.createRecord({ ctx: req.ctx, input: { annex: req.params.annex, ...req.body } }), '保存成功'),
  });

  r.get(RecordPaths.collection, {
    config: { access: 'authenticated' },
    schema: {
      tags: TAG,
      summary: "A patient's records of one instrument, newest first",
      params: recordCollectionParams,
      querystring: recordHistoryQuery,
      response: { 200: envelope(recordHistoryResult) },
    },
    handler: async (req) => ok(await records.listRecords({ ctx: req.ctx, input: { ...req.query, annex: req.params.annex } })),
  });

  r.get(RecordPaths.item, {
    config: { access: 'authenticated' },
    schema: { tags: TAG, summary: 'One record', params: recordItemParams, response: { 200: envelope(annexRecordSchema) } },
    handler: async (req) => ok(await records.getRecord({ ctx: req.ctx, input: { annex: req.params.annex, id: req.params.id } })),
  });

  r.put(RecordPaths.item, {
    config: { access: 'doctor' },
    schema: {
      tags: TAG,
      summary:
        'Edit a record: send the revision you read; a missing or stale one answers 409 and changes nothing. ' +
        'The new state becomes the next revision (before/after also go to the audit log)',
      params: recordItemParams,
      body: updateRecordBody,
      response: { 200: envelope(annexRecordSchema) },
    },
    handler: async (req) =>
      ok(await records.updateRecord({ ctx: req.ctx, input: { ...req.body, annex: req.params.annex, id: req.params.id } }), '修改成功'),
  });

  r.get(RecordPaths.revisions, {
    config: { access: 'authenticated' },
    schema: {
      tags: TAG,
      summary: 'Every revision of a record, newest first: who saved it, when, its answers and derived values, what changed',
      params: recordItemParams,
      response: { 200: envelope(recordRevisionsResult) },
    },
    handler: async (req) => ok(await listRevisions(req.ctx, req.params.annex, req.params.id)),
  });

  r.delete(RecordPaths.item, {
    config: { access: 'doctor' },
    schema: {
      tags: TAG,
      summary: 'Void a record with a reason (it stays, marked void)',
      params: recordItemParams,
      querystring: voidRecordQuery,
      response: { 200: envelope(emptyData) },
    },
    handler: async (req) =>
      ok(
        await records.voidRecord({ ctx: req.ctx, input: { annex: req.params.annex, id: req.params.id, reason: req.query.reason } }),
        '已作废',
      ),
  });
}
