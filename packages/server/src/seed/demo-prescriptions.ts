import { parsePrescription } from '@tcm/contracts/prescriptions/schemas';
import type { PrescriptionKind } from '@tcm/contracts/prescriptions/templates';
import type { Ctx } from '../lib/context';
import { blankPrescription, createPrescription } from '../modules/prescriptions/prescription-service';

/** The kinds a doctor issues after the baseline; `other` is free text and left to real use. */
const DEMO_KINDS: readonly PrescriptionKind[] = ['physique', 'diet', 'motion', 'loseWeight', 'sleep', 'healthEducation'];

/**
 * Issues the prescriptions the patient's baseline calls for, as a doctor accepting the suggestions of
 * each blank would (the same service and suggestion rules as the screens). A kind with nothing to
 * suggest (e.g. weight loss for a patient of normal weight) is not issued. Returns how many were issued.
 */
export async function issueSuggestedPrescriptions(ctx: Ctx, patientId: number): Promise<number> {
  let issued = 0;
  for (const kind of DEMO_KINDS) {
    const { template, suggestions } = await blankPrescription({ ctx, input: { kind, patientId } });
    if (suggestions.length === 0 || !parsePrescription(kind, template).success) continue;
    await createPrescription({ ctx, input: { kind, body: template as unknown as Record<string, unknown> } });
    issued += 1;
  }
  return issued;
}
