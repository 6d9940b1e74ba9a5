import { type AnnexKey, followUpAnnex } from '@tcm/contracts';
import { badRequest } from '../../lib/errors';

interface CohortFacts {
  cohort: 'managed' | 'comparison';
  comparisonRole: number | null;
}

/**
 * Which instruments a patient's group fills (PRODUCT §3): the managed group everything but the
 * diabetes follow-up; the comparison group its baseline, its own follow-up form and custom records
 * (no interventions, no end evaluation).
 */
export function assertAnnexAllowed(patient: CohortFacts, annex: AnnexKey): void {
  if (patient.cohort === 'managed') {
    if (annex === '9') throw badRequest('附件9（2型糖尿病随访）仅用于对照组糖尿病患者');
    return;
  }
  const followUp = followUpAnnex(patient.cohort, patient.comparisonRole);
  if (annex === '7' || annex === '9') {
    if (annex !== followUp) {
      throw badRequest(followUp === '9' ? '糖尿病对照组成员请使用附件9随访' : '糖尿病前期对照组成员请使用附件7随访');
    }
    return;
  }
  if (annex === '5' || annex === '8') throw badRequest(annex === '5' ? '对照组不记录干预' : '管理结束评估仅用于管理组');
}
