import type { PatientListItem } from '@tcm/contracts/api/patient';
import { type MenuProps, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePatientAction } from '../../api/patients';
import { MoreMenu } from '../../components/MoreMenu';
import { toast } from '../../lib/toast';
import { confirmDialog } from '../../stores/confirm-queue';
import { OpenRecordButton } from './OpenRecordButton';

/**
 * Row actions for a managed-group patient. Every change goes through a confirmation dialog of the
 * global queue; the lists and counts refresh through query invalidation.
 */
export function ManagedPatientActions({ patient }: { patient: PatientListItem }) {
  const { t } = useTranslation();
  const endManagement = usePatientAction('endManagement');
  const notRemind = usePatientAction('notRemind');
  const removeFromList = usePatientAction('deleteFromIncompleteList');

  const items: MenuProps['items'] = [];
  if (!patient.endManagement) {
    items.push({ key: 'end', label: t('patientActions.end') });
    if (patient.overdue && !patient.remindSilenced) items.push({ key: 'notRemind', label: t('patientActions.notRemind') });
    if (patient.overdue || patient.fillStatus === 'uncompleted') items.push({ key: 'remove', label: t('patientActions.remove') });
  }

  const onMenu: MenuProps['onClick'] = ({ key }) => {
    const name = patient.name;
    if (key === 'end') {
      confirmDialog({
        title: t('patientActions.endTitle'),
        p1: t('patientActions.endP1', { name }),
        p2: t('patientActions.endP2'),
        callBack: () => endManagement.mutateAsync(patient.id).then(() => toast.success(t('patientActions.endDone'))),
      });
    } else if (key === 'notRemind') {
      confirmDialog({
        title: t('patientActions.notRemindTitle'),
        p1: t('patientActions.notRemindP1', { name }),
        p2: t('patientActions.notRemindP2'),
        callBack: () => notRemind.mutateAsync(patient.id).then(() => toast.success(t('patientActions.notRemindDone'))),
      });
    } else if (key === 'remove') {
      confirmDialog({
        title: t('patientActions.removeTitle'),
        p1: t('patientActions.removeP1', { name }),
        p2: t('patientActions.removeP2'),
        callBack: () => removeFromList.mutateAsync(patient.id).then(() => toast.success(t('patientActions.removeDone'))),
      });
    }
  };

  return (
    <Space size={4} wrap>
      <OpenRecordButton patient={patient} />
      {items.length > 0 && <MoreMenu label={t('patientActions.moreFor', { name: patient.name })} items={items} onClick={onMenu} />}
    </Space>
  );
}

/** PatientTable's `actions` for the managed group's lists: one function for the app's life (stable). */
export const managedPatientActions = (patient: PatientListItem) => <ManagedPatientActions patient={patient} />;
