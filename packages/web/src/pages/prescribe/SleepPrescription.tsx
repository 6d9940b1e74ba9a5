import { PrescriptionKindPage } from './PrescriptionKindPage';

/** /prescribe child for the sleep prescription: the generic screen of its kind. */
export default function SleepPrescription() {
  return <PrescriptionKindPage kind="sleep" />;
}
