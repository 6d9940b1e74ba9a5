import { type AnnexKey, instrumentNotForGroupMessage, protocolGroup } from '@tcm/contracts';
import { forbidden } from '../../lib/errors';

interface CohortFacts {
  cohort: 'managed' | 'comparison';
  comparisonRole: number | null;
}

/**
 * Which instruments a patient's group fills is the protocol table of contracts (`instrumentsFor`).
 * An instrument outside the group is refused with 403 naming the group, before any item is checked,
 * so a refusal never reads like a form error the doctor could fix.
 */
export function assertAnnexAllowed(patient: CohortFacts, annex: AnnexKey): void {
  const group = protocolGroup(patient.cohort, patient.comparisonRole);
  if (!group.instruments.includes(annex)) throw forbidden(instrumentNotForGroupMessage(group, annex));
}
