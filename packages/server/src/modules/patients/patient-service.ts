import { ageOn, enrolmentAgeProblem, followUpAnnex, followUpIntervalDays, parseResidentId, UNFILLED_REMINDER_DAYS } from '@tcm/contracts';
import { eq } from 'drizzle-orm';
import { countUnfilledReminders, readUrgentCounts } from '../../db/queries/counters';
import { refreshOutcomeFacts } from '../../db/queries/outcome-facts';
import { findEnrolled, insertPatient, loadPatient, type PatientChanges, readPatientRecord, writePatient } from '../../db/queries/patients';
import { institutions } from '../../db/schema';
import { changeDetail, withoutIdentifiers, writeAudit } from '../../lib/audit';
import { inTransaction, requireActor, type ServiceCall } from '../../lib/context';
import { keyringOf } from '../../lib/crypto';
import { badRequest, conflict } from '../../lib/errors';
import { assertInstitutionAccess, scopedInstitution, todayOf } from '../../lib/scope';
import { toDetail } from './patient-view';

export interface NewPatientInput {
  cohort: 'managed' | 'comparison';
  comparisonRole?: 0 | 1;
  name: string;
  idNum: string;
  telNum: string;
  institutionId: number;
  gender?: 'man' | 'woman' | undefined;
  age?: number | undefined;
  consentDate?: string | undefined;
  /** Consent to SMS reminders, recorded with the moment and the doctor. */
  smsConsent?: boolean | undefined;
}

const GROUP_NAMES = { managed: '管理组', comparison: '对照组' } as const;

/**
 * Enrols a patient in a group: the ID number gives birth date and sex, a given gender or age must agree
 * with it, and one ID number appears at most once per group.
 */
export async function createPatient({ ctx, input }: ServiceCall<NewPatientInput>): Promise<{ id: number }> {
  requireActor(ctx);
  assertInstitutionAccess(ctx, input.institutionId);
  const parsed = parseResidentId(input.idNum, ctx.now);
  if (!parsed.ok) throw badRequest(parsed.message);
  const { birthDate, gender, normalized } = parsed.value;
  if (input.gender && input.gender !== gender) throw badRequest('性别与身份证号不一致');
  if (input.age !== undefined && input.age !== ageOn(birthDate, ctx.now)) throw badRequest('年龄与身份证号不一致');
  if (input.consentDate && input.consentDate > todayOf(ctx)) throw badRequest('知情同意日期不能晚于今天');
  // Both groups are adults only: the pre-diabetes cut-offs and the BMI bands are adult ones.
  const tooYoung = enrolmentAgeProblem(birthDate, todayOf(ctx));
  if (tooYoung) throw badRequest(tooYoung);
  const [institution] = await ctx.db.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, input.institutionId));
  if (!institution) throw badRequest('所选社区不存在');

  return inTransaction(ctx, async (tx) => {
    const duplicate = await findEnrolled(tx, input.cohort, normalized);
    if (duplicate) throw conflict(`该身份证号已在${GROUP_NAMES[input.cohort]}中登记`);
    const row = await insertPatient(tx, {
      cohort: input.cohort,
      comparisonRole: input.cohort === 'comparison' ? (input.comparisonRole ?? 0) : null,
      name: input.name,
      gender,
      birthDate,
      idNum: normalized,
      telNum: input.telNum,
      institutionId: input.institutionId,
      consentDate: input.consentDate ?? null,
      enrolledAt: todayOf(tx),
      createdBy: tx.actor?.id ?? null,
      ...(input.smsConsent ? { smsConsent: true, smsConsentAt: tx.now, smsConsentBy: tx.actor?.id ?? null } : {}),
    });
    await refreshOutcomeFacts(tx.db, row.id);
    await writeAudit(tx, {
      action: input.cohort === 'managed' ? 'patient.enrol' : 'comparative.create',
      entity: 'patient',
      entityId: row.id,
      institutionId: row.institutionId,
      detail: { after: withoutIdentifiers(row) },
    });
    return { id: row.id };
  });
}

/** Full identifiers of one patient; every such view is audited (PRODUCT §1). */
export async function getPatientDetail({ ctx, input }: ServiceCall<{ id: number }>) {
  const row = await loadPatient(ctx, input.id);
  await writeAudit(ctx, {
    action: 'patient.view',
    entity: 'patient',
    entityId: row.id,
    institutionId: row.institutionId,
    detail: { fields: ['idNum', 'tel_num'] },
  });
  return toDetail(row, ctx.now, keyringOf(ctx.config));
}

export interface PatientUpdate {
  id: number;
  name?: string | undefined;
  tel_num?: string | undefined;
  idNum?: string | undefined;
  gender?: 'man' | 'woman' | undefined;
  consentDate?: string | undefined;
  smsConsent?: boolean | undefined;
}

export async function updatePatient({ ctx, input }: ServiceCall<PatientUpdate>) {
  const current = await loadPatient(ctx, input.id);
  const changes: PatientChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.tel_num !== undefined) changes.telNum = input.tel_num;
  if (input.consentDate !== undefined) changes.consentDate = input.consentDate;
  // Giving and withdrawing SMS consent are both recorded with the moment and who recorded it.
  const consentChanged = input.smsConsent !== undefined && input.smsConsent !== current.smsConsent;
  if (consentChanged) {
    changes.smsConsent = input.smsConsent;
    changes.smsConsentAt = ctx.now;
    changes.smsConsentBy = ctx.actor?.id ?? null;
  }
  let gender = current.gender;
  if (input.idNum !== undefined) {
    const parsed = parseResidentId(input.idNum, ctx.now);
    if (!parsed.ok) throw badRequest(parsed.message);
    changes.idNum = parsed.value.normalized;
    changes.birthDate = parsed.value.birthDate;
    changes.gender = parsed.value.gender;
    gender = parsed.value.gender;
  }
  if (input.gender !== undefined && input.gender !== gender) throw badRequest('性别与身份证号不一致');
  if (Object.keys(changes).length === 0) {
    if (input.smsConsent !== undefined) return {};
    throw badRequest('没有需要修改的内容');
  }
  return inTransaction(ctx, async (tx) => {
    if (changes.idNum) {
      const duplicate = await findEnrolled(tx, current.cohort, changes.idNum, current.id);
      if (duplicate) throw conflict(`该身份证号已在${GROUP_NAMES[current.cohort]}中登记`);
    }
    const before = await readPatientRecord(tx, current);
    const after = await writePatient(tx, current, { ...changes, updatedAt: tx.now });
    await refreshOutcomeFacts(tx.db, current.id);
    await writeAudit(tx, {
      action: 'patient.update',
      entity: 'patient',
      entityId: current.id,
      institutionId: current.institutionId,
      detail: changeDetail(before ?? {}, after ?? {}),
    });
    if (consentChanged) {
      await writeAudit(tx, {
        action: 'outreach.smsConsent',
        entity: 'patient',
        entityId: current.id,
        institutionId: current.institutionId,
        detail: { smsConsent: input.smsConsent },
      });
    }
    return {};
  });
}

/** Clinical data is never hard-deleted: the patient is voided with a reason and leaves every list. */
export async function voidPatient({
  ctx,
  input: { cohort, ...input },
}: ServiceCall<{ id: number; reason: string; cohort: 'managed' | 'comparison' }>) {
  const current = await loadPatient(ctx, input.id, cohort);
  return inTransaction(ctx, async (tx) => {
    await writePatient(tx, current, { voidedAt: tx.now, voidReason: input.reason, updatedAt: tx.now });
    await refreshOutcomeFacts(tx.db, current.id);
    await writeAudit(tx, {
      action: cohort === 'managed' ? 'patient.void' : 'comparative.void',
      entity: 'patient',
      entityId: current.id,
      institutionId: current.institutionId,
      detail: { reason: input.reason },
    });
    return {};
  });
}

export async function endManagement({ ctx, input: { id, cohort } }: ServiceCall<{ id: number; cohort: 'managed' | 'comparison' }>) {
  const current = await loadPatient(ctx, id, cohort);
  if (current.endManagement) throw conflict('该患者已结束管理');
  return inTransaction(ctx, async (tx) => {
    await writePatient(tx, current, { endManagement: true, endedAt: todayOf(tx), updatedAt: tx.now });
    await refreshOutcomeFacts(tx.db, current.id);
    await writeAudit(tx, {
      action: cohort === 'managed' ? 'patient.endManagement' : 'comparative.endManagement',
      entity: 'patient',
      entityId: current.id,
      institutionId: current.institutionId,
    });
    return {};
  });
}

/** notRemind: silence the bell for this patient until their next follow-up is saved. */
export async function silenceReminder({ ctx, input }: ServiceCall<{ id: number }>) {
  const current = await loadPatient(ctx, input.id);
  return inTransaction(ctx, async (tx) => {
    await writePatient(tx, current, { remindSilencedAt: tx.now });
    await writeAudit(tx, { action: 'patient.notRemind', entity: 'patient', entityId: current.id, institutionId: current.institutionId });
    return {};
  });
}

/** deleteFromIncompleteList: off the unfilled list until overdue again (a later due date passes). */
export async function dismissFromIncompleteList({ ctx, input }: ServiceCall<{ id: number }>) {
  const current = await loadPatient(ctx, input.id);
  if (!current.overdue) throw badRequest('该患者当前没有逾期未填的随访');
  return inTransaction(ctx, async (tx) => {
    await writePatient(tx, current, { incompleteDismissedDue: current.dueDate });
    await writeAudit(tx, {
      action: 'patient.deleteFromIncompleteList',
      entity: 'patient',
      entityId: current.id,
      institutionId: current.institutionId,
      detail: { dismissedDue: current.dueDate },
    });
    return {};
  });
}

/** queryAnnex7/9TheLastTimeIsOver: is the last follow-up of that instrument older than its interval? */
export async function followUpOverdue({ ctx, input: { annex, ...input } }: ServiceCall<{ id: number; annex: '7' | '9' }>) {
  const row = await loadPatient(ctx, input.id);
  const expected = followUpAnnex(row.cohort, row.comparisonRole);
  if (expected !== annex) {
    throw badRequest(annex === '9' ? '附件9仅用于对照组糖尿病患者' : '该患者的随访使用附件9（糖尿病随访）');
  }
  const intervalDays = followUpIntervalDays(row.cohort);
  return {
    overdue: Boolean(row.overdue),
    lastDate: row.lastFollowUpDate ? String(row.lastFollowUpDate).slice(0, 10) : null,
    dueDate: row.dueDate,
    intervalDays,
  };
}

/**
 * The doctor's bell: managed patients in management with no follow-up for 15 days, less those
 * silenced (notRemind) or dismissed (deleteFromIncompleteList), and the urgent patients of both groups
 * (an unresolved alert; never silenced). Read from the per-due-date counts and the stored counters
 * (db/queries/counters.ts), so its cost follows the number of days, not of patients.
 */
export async function countUnfilled({ ctx }: ServiceCall<void>) {
  const [count, urgent] = await Promise.all([
    countUnfilledReminders(ctx, todayOf(ctx)),
    readUrgentCounts(ctx.db, scopedInstitution(ctx, undefined)),
  ]);
  return { count, days: UNFILLED_REMINDER_DAYS, urgentCount: urgent.managed + urgent.comparison };
}
