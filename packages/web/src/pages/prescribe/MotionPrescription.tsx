import { PrescriptionKindPage } from './PrescriptionKindPage';

/** /prescribe child for the motion prescription: the generic screen of its kind. */
export default function MotionPrescription() {
  return <PrescriptionKindPage kind="motion" />;
}
