import { PrescriptionKindPage } from './PrescriptionKindPage';

/** /prescribe child for the loseWeight prescription: the generic screen of its kind. */
export default function LoseWeightPrescription() {
  return <PrescriptionKindPage kind="loseWeight" />;
}
