import {
  doctorListResult,
  emptyData,
  envelope,
  patientListResult,
  reviewDoctorQuery,
  UserPaths,
  updateUserBody,
  userListBody,
  userListResult,
  voidQuery,
} from '@tcm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/respond';
import * as doctors from '../doctors/doctor-service';
import * as users from './user-service';

const TAG = ['user'];

/** The two answers of the list, written each with its own writer (reply.answerAs). */
const DOCTOR_PAGE = envelope(doctorListResult);
const PATIENT_PAGE = envelope(patientListResult);

/**
 * The account side of /api/user: the lists and the role-dispatching update and removal (a patient for
 * a doctor, a doctor account for the admin). The patient routes under the same prefix are in
 * modules/patients/routes.ts.
 */

export async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(UserPaths.list, {
    config: { access: 'authenticated' },
    schema: {
      tags: TAG,
      summary: 'Doctors (role doctor, admin only) or managed patients (role patient), paged',
      body: userListBody,
      response: { 200: envelope(userListResult) },
    },
    handler: async (req, reply) => {
      const page = await users.listUsers({ ctx: req.ctx, input: req.body });
      reply.answerAs(req.body.role === 'doctor' ? DOCTOR_PAGE : PATIENT_PAGE);
      return ok(page);
    },
  });

  r.put(UserPaths.update, {
    config: { access: 'authenticated' },
    schema: {
      tags: TAG,
      summary: 'Update: a doctor edits a patient of their institution, the admin a doctor',
      body: updateUserBody,
      response: { 200: envelope(emptyData) },
    },
    handler: async (req) => ok(await users.updateUser({ ctx: req.ctx, input: req.body }), '修改成功'),
  });

  r.delete(UserPaths.remove, {
    config: { access: 'authenticated' },
    schema: {
      tags: TAG,
      summary: 'Void a managed patient with a reason (doctor), or disable a doctor (admin); nothing is hard-deleted',
      querystring: voidQuery,
      response: { 200: envelope(emptyData) },
    },
    handler: async (req) => ok(await users.removeUser({ ctx: req.ctx, input: req.query }), '已作废'),
  });

  r.get(UserPaths.reviewDoctor, {
    config: { access: 'admin' },
    schema: {
      tags: TAG,
      summary: 'Approve or reject a doctor registration (SMS to the doctor)',
      querystring: reviewDoctorQuery,
      response: { 200: envelope(emptyData) },
    },
    handler: async (req) => ok(await doctors.reviewDoctor({ ctx: req.ctx, input: req.query }), '审核完成'),
  });
}
