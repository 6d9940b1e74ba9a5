import { type UpdateUserBody, type UserListBody, updateDoctorBody, updatePatientBody } from '@tcm/contracts';
import { desc, or } from 'drizzle-orm';
import type { z } from 'zod';
import { patientScope } from '../../db/queries/patients';
import { requireActor, type ServiceCall } from '../../lib/context';
import { badRequest, forbidden } from '../../lib/errors';
import { todayOf } from '../../lib/scope';
import * as doctors from '../doctors/doctor-service';
import { listPatientPage, patientConditions } from '../patients/patient-queries';
import { auditPatientSearch } from '../patients/patient-search';
import * as patientService from '../patients/patient-service';
import { toListItem } from '../patients/patient-view';

/** POST /api/user/list: registrations for the admin, managed patients (in scope) for everyone. */
export async function listUsers({ ctx, input }: ServiceCall<UserListBody>) {
  const actor = requireActor(ctx);
  if (input.role === 'doctor') {
    if (actor.role !== 'admin') throw forbidden('该操作仅限管理员', 'denied.role');
    return doctors.listDoctors({ ctx, input });
  }
  return listPatientPage(
    ctx,
    patientScope(ctx, input.institutionId),
    {
      cohort: 'managed',
      state: input.state,
      fillStatus: input.fillStatus,
      overdueOnly: input.overdueOnly,
      keyword: input.keyword,
      dueWithinDays: input.dueWithinDays,
      sort: input.sort,
      urgentOnly: input.urgentOnly,
      outreach: input.outreach,
    },
    input.page,
    input.limit,
  );
}

const PATIENT_KEYS = ['tel_num', 'idNum', 'gender', 'consentDate', 'smsConsent'] as const;
const DOCTOR_KEYS = ['institutionId', 'isDisabled'] as const;

/** The fields of one role's schema out of the shared PUT /api/user body (already validated field by field). */
function fieldsOf<S extends z.ZodObject>(schema: S, input: UpdateUserBody): z.infer<S> {
  const keys = Object.keys(schema.shape) as (keyof UpdateUserBody)[];
  return Object.fromEntries(keys.filter((k) => input[k] !== undefined).map((k) => [k, input[k]])) as z.infer<S>;
}

/**
 * PUT /api/user: one URL (the specification's), two services with two schemas. The admin edits a
 * doctor account (updateDoctorBody), a doctor edits a patient of their institution (updatePatientBody);
 * a field of the other role's schema is refused rather than ignored.
 */
export async function updateUser({ ctx, input }: ServiceCall<UpdateUserBody>) {
  const actor = requireActor(ctx);
  if (actor.role === 'admin') {
    const stray = PATIENT_KEYS.filter((k) => input[k] !== undefined);
    if (stray.length > 0) throw forbidden('管理员不能修改患者信息', 'denied.role');
    return doctors.updateDoctor({ ctx, input: fieldsOf(updateDoctorBody, input) });
  }
  const stray = DOCTOR_KEYS.filter((k) => input[k] !== undefined);
  if (stray.length > 0) throw badRequest(`不能修改字段：${stray.join('、')}`);
  return patientService.updatePatient({ ctx, input: fieldsOf(updatePatientBody, input) });
}

/** DELETE /api/user: the admin disables a doctor account, a doctor voids a managed patient (with a reason). */
export async function removeUser({ ctx, input }: ServiceCall<{ id: number; reason: string }>) {
  const actor = requireActor(ctx);
  if (actor.role === 'admin') return doctors.updateDoctor({ ctx, input: { id: input.id, isDisabled: true } });
  return patientService.voidPatient({ ctx, input: { ...input, cohort: 'managed' } });
}

/** Search both groups of one institution, newest first, for the doctor's home screen. */
export async function searchInstitutionPatients({
  ctx,
  input,
}: ServiceCall<{ institutionId: number; keyword?: string | undefined; limit: number }>) {
  const scope = patientScope(ctx, input.institutionId);
  const today = todayOf(ctx);
  const managed = patientConditions(scope, { cohort: 'managed', keyword: input.keyword }, today);
  const comparison = patientConditions(scope, { cohort: 'comparison', keyword: input.keyword }, today);
  const rows = await scope.selectListed(today, or(managed, comparison)).orderBy(desc(scope.cols.id)).limit(input.limit);
  const list = rows.map((r) => toListItem(r, ctx.now, scope.keyring));
  const ids = list.map((p) => p.id);
  await auditPatientSearch(ctx, {
    keyword: input.keyword,
    list: 'institution',
    institutionId: scope.institutionId,
    ids,
    total: ids.length,
  });
  return list;
}
