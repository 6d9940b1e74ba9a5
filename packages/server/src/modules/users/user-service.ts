import type { UpdateUserBody, UserListBody } from '@tcm/contracts';
import { and, desc, isNull, or } from 'drizzle-orm';
import { patients } from '../../db/schema';
import { requireActor, type ServiceCall } from '../../lib/context';
import { badRequest, forbidden } from '../../lib/errors';
import { scopedInstitution, todayOf } from '../../lib/scope';
import * as doctors from '../doctors/doctor-service';
import { listPatientPage, patientConditions } from '../patients/patient-queries';
import * as patientService from '../patients/patient-service';
import { institutionJoin, patientColumns, toListItem } from '../patients/patient-view';

/** POST /api/user/list: registrations for the admin, managed patients (in scope) for everyone. */
export async function listUsers({ ctx, input }: ServiceCall<UserListBody>) {
  const actor = requireActor(ctx);
  if (input.role === 'doctor') {
    if (actor.role !== 'admin') throw forbidden('该操作仅限管理员');
    return doctors.listDoctors({ ctx, input });
  }
  const institutionId = scopedInstitution(ctx, input.institutionId);
  return listPatientPage(
    ctx,
    {
      cohort: 'managed',
      institutionId,
      state: input.state,
      fillStatus: input.fillStatus,
      overdueOnly: input.overdueOnly,
      keyword: input.keyword,
      dueWithinDays: input.dueWithinDays,
      sort: input.sort,
    },
    input.page,
    input.limit,
  );
}

const PATIENT_KEYS = ['tel_num', 'idNum', 'gender', 'consentDate'] as const;
const DOCTOR_KEYS = ['institutionId', 'isDisabled'] as const;

export async function updateUser({ ctx, input }: ServiceCall<UpdateUserBody>) {
  const actor = requireActor(ctx);
  if (actor.role === 'admin') {
    const stray = PATIENT_KEYS.filter((k) => input[k] !== undefined);
    if (stray.length > 0) throw forbidden('管理员不能修改患者信息');
    return doctors.updateDoctor(ctx, input);
  }
  const stray = DOCTOR_KEYS.filter((k) => input[k] !== undefined);
  if (stray.length > 0) throw badRequest(`不能修改字段：${stray.join('、')}`);
  return patientService.updatePatient(ctx, input);
}

export async function removeUser({ ctx, input }: ServiceCall<{ id: number; reason: string }>) {
  const actor = requireActor(ctx);
  if (actor.role === 'admin') return doctors.updateDoctor(ctx, { id: input.id, isDisabled: true });
  return patientService.voidPatient(ctx, input, 'managed');
}

/** Search both groups of one institution, newest first, for the doctor's home screen. */
export async function searchInstitutionPatients({
  ctx,
  input,
}: ServiceCall<{ institutionId: number; keyword?: string | undefined; limit: number }>) {
  const institutionId = scopedInstitution(ctx, input.institutionId);
  const today = todayOf(ctx);
  const managed = patientConditions({ cohort: 'managed', institutionId, keyword: input.keyword }, today);
  const comparison = patientConditions({ cohort: 'comparison', institutionId, keyword: input.keyword }, today);
  const rows = await ctx.db
    .select(patientColumns(today))
    .from(patients)
    .leftJoin(...institutionJoin)
    .where(and(isNull(patients.voidedAt), or(managed, comparison)))
    .orderBy(desc(patients.id))
    .limit(input.limit);
  return rows.map((r) => toListItem(r, ctx.now));
}
