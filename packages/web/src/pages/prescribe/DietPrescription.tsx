import { PrescriptionKindPage } from './PrescriptionKindPage';

/** /prescribe child for the diet prescription: the generic screen of its kind. */
export default function DietPrescription() {
  return <PrescriptionKindPage kind="diet" />;
}
