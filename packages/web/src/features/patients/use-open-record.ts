import type { PatientListItem } from '@tcm/contracts/api/patient';
import { useNavigate } from 'react-router-dom';
import { usePatientStore } from '../../stores/patient';

/** Choosing a patient sets patientId / patientInfo (spec §3) and opens their record workspace. */
export function useOpenRecord(): (patient: PatientListItem) => void {
  const navigate = useNavigate();
  const selectPatient = usePatientStore((s) => s.selectPatient);
  return (patient) => {
    selectPatient(patient);
    navigate('/diagnosticRecord');
  };
}
