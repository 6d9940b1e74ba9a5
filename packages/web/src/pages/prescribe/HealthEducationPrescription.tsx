import { PrescriptionKindPage } from './PrescriptionKindPage';

/** /prescribe child for the healthEducation prescription: the generic screen of its kind. */
export default function HealthEducationPrescription() {
  return <PrescriptionKindPage kind="healthEducation" />;
}
