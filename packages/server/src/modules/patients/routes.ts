import {
  emptyData,
  enrolPatientBody,
  envelope,
  idQuery,
  institutionPatientsQuery,
  institutionPatientsResult,
  overdueResult,
  patientDetailSchema,
  progressToDiabetesBody,
  progressToDiabetesResult,
  UserPaths,
  unfilledRemindResult,
} from '@tcm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/respond';
import * as users from '../users/user-service';
import * as patients from './patient-service';
import { progressToDiabetes } from './progress-to-diabetes';

/** Same tag as the account routes: the specification puts both under /api/user. */
const TAG = ['user'];

/** The managed-group patient routes the specification places under /api/user (URLs unchanged). */
export async function patientRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(UserPaths.enrol, {
    config: { access: 'doctor', idempotent: true },
    schema: {
      tags: TAG,
      summary: 'Enrol a managed-group patient (added call)',
      body: enrolPatientBody,
      response: { 200: envelope(z.object({ id: z.number().int() })) },
    },
    handler: async (req) =>
      ok(await patients.createPatient({ ctx: req.ctx, input: { cohort: 'managed', ...req.body, telNum: req.body.tel_num } }), '登记成功'),
  });

  r.get(UserPaths.detail, {
    config: { access: 'authenticated' },
    schema: {
      tags: TAG,
      summary: 'One patient with full ID number and mobile (audited view)',
      querystring: idQuery,
      response: { 200: envelope(patientDetailSchema) },
    },
    handler: async (req) => ok(await patients.getPatientDetail({ ctx: req.ctx, input: req.query })),
  });

  r.get(UserPaths.annex7Overdue, {
    config: { access: 'authenticated' },
    schema: {
      tags: TAG,
      summary: 'Whether the last annex 7 follow-up is older than its interval',
      querystring: idQuery,
      response: { 200: envelope(overdueResult) },
    },
    handler: async (req) => ok(await patients.followUpOverdue({ ctx: req.ctx, input: { ...req.query, annex: '7' } })),
  });

  r.get(UserPaths.annex9Overdue, {
    config: { access: 'authenticated' },
    schema: {
      tags: TAG,
      summary: 'Whether the last annex 9 follow-up is older than its interval',
      querystring: idQuery,
      response: { 200: envelope(overdueResult) },
    },
    handler: async (req) => ok(await patients.followUpOverdue({ ctx: req.ctx, input: { ...req.query, annex: '9' } })),
  });

  r.get(UserPaths.endManagement, {
    config: { access: 'doctor' },
    schema: { tags: TAG, summary: 'End the management of a managed patient', querystring: idQuery, response: { 200: envelope(emptyData) } },
    handler: async (req) => ok(await patients.endManagement({ ctx: req.ctx, input: { ...req.query, cohort: 'managed' } }), '已结束管理'),
  });

  r.post(UserPaths.progressToDiabetes, {
    config: { access: 'doctor', idempotent: true },
    schema: {
      tags: TAG,
      summary:
        'Guided end of management for a confirmed diabetes (added call): saves the annex 8 evaluation (outcome 进展为糖尿病) ' +
        'and optionally enrols the person as a diabetic comparison member, in one transaction; an ended patient answers 409',
      body: progressToDiabetesBody,
      response: { 200: envelope(progressToDiabetesResult) },
    },
    handler: async (req) => ok(await progressToDiabetes({ ctx: req.ctx, input: req.body }), '已结束管理'),
  });

  r.get(UserPaths.notRemind, {
    config: { access: 'doctor' },
    schema: {
      tags: TAG,
      summary: 'Silence the unfilled reminder for a patient until their next follow-up',
      querystring: idQuery,
      response: { 200: envelope(emptyData) },
    },
    handler: async (req) => ok(await patients.silenceReminder({ ctx: req.ctx, input: req.query }), '已设置不再提醒'),
  });

  r.get(UserPaths.deleteFromIncompleteList, {
    config: { access: 'doctor' },
    schema: {
      tags: TAG,
      summary: 'Remove a patient from the unfilled list until they are overdue again',
      querystring: idQuery,
      response: { 200: envelope(emptyData) },
    },
    handler: async (req) => ok(await patients.dismissFromIncompleteList({ ctx: req.ctx, input: req.query }), '已移出未完成列表'),
  });

  r.get(UserPaths.unfilledRemind, {
    config: { access: 'doctor' },
    schema: {
      tags: TAG,
      summary: "The doctor's bell: patients not filled in for 15 days (the spec's GET {hash})",
      response: { 200: envelope(unfilledRemindResult) },
    },
    handler: async (req) => ok(await patients.countUnfilled({ ctx: req.ctx, input: undefined })),
  });

  r.get(UserPaths.institutionPatients, {
    config: { access: 'authenticated' },
    schema: {
      tags: TAG,
      summary: "Patients of an institution by name, ID or mobile (the spec's GET /api/user/{hash}?institutionId=)",
      querystring: institutionPatientsQuery,
      response: { 200: envelope(institutionPatientsResult) },
    },
    handler: async (req) => ok(await users.searchInstitutionPatients({ ctx: req.ctx, input: req.query })),
  });
}
