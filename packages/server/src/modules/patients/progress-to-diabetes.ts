import type { ProgressToDiabetesResult } from '@tcm/contracts';
import { loadPatient, lockPatient, readPatientRecord } from '../../db/queries/patients';
import { writeAudit } from '../../lib/audit';
import { inTransaction, requireActor, type ServiceCall } from '../../lib/context';
import { conflict } from '../../lib/errors';
import { createRecord } from '../records/record-service';
import { createPatient } from './patient-service';

export interface ProgressToDiabetesInput {
  patientId: number;
  evaluation: Record<string, unknown>;
  enrolComparison: boolean;
}

const ENDED_MESSAGE = '该患者已结束管理';
/** Annex 8's end reason 进展为糖尿病, which its validation accepts only with confirmed diabetes. */
const PROGRESSED_TO_DIABETES = 'progressedToDiabetes';

/**
 * The guided end of pre-diabetes management once diabetes is confirmed, in one transaction: the annex 8
 * evaluation is saved with the end reason 进展为糖尿病 through the records service (validation, derived
 * values, the end of management it carries, its audit); annex 8's own validation refuses that reason
 * unless the evaluation confirms diabetes with the patient's history (400 on endReason), so the rule is
 * the contracts' alone. The person may then be enrolled in the comparison group's diabetes arm, where
 * their T2DM follow-up (annex 9) is kept. Every earlier record stays. Any refusal (not confirmed,
 * already a comparison member) rolls everything back.
 *
 * A double click: the patient's row is locked before the check, so the second request waits for the
 * first and then finds management ended (409) instead of writing a second end.
 */
export async function progressToDiabetes({ ctx, input }: ServiceCall<ProgressToDiabetesInput>): Promise<ProgressToDiabetesResult> {
  requireActor(ctx);
  const patient = await loadPatient(ctx, input.patientId, 'managed');
  if (patient.endManagement) throw conflict(ENDED_MESSAGE);
  return inTransaction(ctx, async (tx) => {
    if ((await lockPatient(tx, patient)).endManagement) throw conflict(ENDED_MESSAGE);
    const data = { ...input.evaluation, endReason: PROGRESSED_TO_DIABETES };
    const record = await createRecord({ ctx: tx, input: { annex: '8', patientId: patient.id, data } });
    let comparisonMemberId: number | null = null;
    if (input.enrolComparison) {
      const person = await readPatientRecord(tx, patient);
      if (!person) throw conflict(ENDED_MESSAGE);
      const member = await createPatient({
        ctx: tx,
        input: {
          cohort: 'comparison',
          comparisonRole: 1,
          name: person.name,
          idNum: person.idNum,
          telNum: person.telNum,
          institutionId: person.institutionId,
        },
      });
      comparisonMemberId = member.id;
    }
    await writeAudit(tx, {
      action: 'patient.progressToDiabetes',
      entity: 'patient',
      entityId: patient.id,
      institutionId: patient.institutionId,
      detail: { recordId: record.id, comparisonMemberId },
    });
    return { recordId: record.id, comparisonMemberId };
  });
}
