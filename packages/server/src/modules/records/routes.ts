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
  updateRecordBody,
  voidRecordQuery,
} from '@tcm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/respond';
import * as records from './record-service';

const TAG = ['records'];

/** The records API of the instruments (issue 5); `{annex}` is 1…9 or custom. */
export async function recordRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(RecordPaths.collection, {
    config: { access: 'doctor' },
    schema: {
      tags: TAG,
      summary: 'Save a filled instrument for a patient',
      params: recordCollectionParams,
      body: createRecordBody,
      response: { 200: envelope(annexRecordSchema) },
    },
    handler: async (req) => ok(await records.createRecord(req.ctx, req.params.annex, req.body), '保存成功'),
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
    handler: async (req) => ok(await records.listRecords(req.ctx, req.params.annex, req.query)),
  });

  r.get(RecordPaths.item, {
    config: { access: 'authenticated' },
    schema: { tags: TAG, summary: 'One record', params: recordItemParams, response: { 200: envelope(annexRecordSchema) } },
    handler: async (req) => ok(await records.getRecord(req.ctx, req.params.annex, req.params.id)),
  });

  r.put(RecordPaths.item, {
    config: { access: 'doctor' },
    schema: {
      tags: TAG,
      summary: 'Edit a record (before/after go to the audit log)',
      params: recordItemParams,
      body: updateRecordBody,
      response: { 200: envelope(annexRecordSchema) },
    },
    handler: async (req) => ok(await records.updateRecord(req.ctx, req.params.annex, req.params.id, req.body), '修改成功'),
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
    handler: async (req) => ok(await records.voidRecord(req.ctx, req.params.annex, req.params.id, req.query.reason), '已作废'),
  });
}
