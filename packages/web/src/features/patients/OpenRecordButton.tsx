import type { PatientListItem } from '@tcm/contracts/api/patient';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { recordPrefetchProps, useOpenRecord } from './use-open-record';

/** A list row's 打开 button: the patient's record, named for the patient for screen readers. */
export function OpenRecordButton({ patient }: { patient: PatientListItem }) {
  const { t } = useTranslation();
  const openRecord = useOpenRecord();
  return (
    <Button
      size="small"
      type="primary"
      ghost
      onClick={() => openRecord(patient)}
      {...recordPrefetchProps(patient)}
      aria-label={t('home.openRecordOf', { name: patient.name })}
    >
      {t('patientActions.open')}
    </Button>
  );
}
