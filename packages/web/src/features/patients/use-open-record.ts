import type { PatientListItem } from '@tcm/contracts/api/patient';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { patientApi } from '../../api/patients';
import { firstFormTarget } from '../../lib/record-screens';
import { prefetchScreen } from '../../lib/screen-prefetch';
import { usePatientStore } from '../../stores/patient';

/**
 * Choosing a patient sets patientId / patientInfo (spec §3) and opens their record workspace at the
 * first form still to fill: a missing baseline form, else a due or overdue follow-up. Stable between
 * renders, so a list's row actions built on it keep their rows from rendering again (PatientTable).
 */
export function useOpenRecord(): (patient: PatientListItem) => void {
  const navigate = useNavigate();
  const selectPatient = usePatientStore((s) => s.selectPatient);
  return useCallback(
    (patient) => {
      selectPatient(patient);
      const target = firstFormTarget(patient);
      navigate(target.path, { state: target.state });
    },
    [navigate, selectPatient],
  );
}

/**
 * A button's handlers that load the record screen of `patient` while the pointer is on its way to it
 * or the keyboard has focused it (lib/screen-prefetch.ts): spread them on every button that opens one.
 */
export function recordPrefetchProps(patient: PatientListItem): { onPointerEnter: () => void; onFocus: () => void } {
  const prefetch = () => prefetchScreen(firstFormTarget(patient).path);
  return { onPointerEnter: prefetch, onFocus: prefetch };
}

/** After an enrolment: the new patient, opened at their first baseline form. */
export function useOpenNewPatient(): (id: number) => Promise<void> {
  const openRecord = useOpenRecord();
  return async (id) => openRecord(await patientApi.detail(id));
}
