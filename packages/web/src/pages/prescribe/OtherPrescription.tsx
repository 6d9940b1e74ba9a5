import { PrescriptionKindPage } from './PrescriptionKindPage';

/** /prescribe child for the other prescription: the generic screen of its kind. */
export default function OtherPrescription() {
  return <PrescriptionKindPage kind="other" />;
}
