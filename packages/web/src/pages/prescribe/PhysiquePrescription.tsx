import { PrescriptionKindPage } from './PrescriptionKindPage';

/** /prescribe child for the physique prescription: the generic screen of its kind. */
export default function PhysiquePrescription() {
  return <PrescriptionKindPage kind="physique" />;
}
