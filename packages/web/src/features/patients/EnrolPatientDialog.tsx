import { enrolPatientBody } from '@tcm/contracts/api/patient';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEnrolPatient } from '../../api/patients';
import { toast } from '../../lib/toast';
import { useSessionStore } from '../../stores/session';
import { type EnrolValues, enrolBodyFields, PatientEnrolDialog } from './PatientEnrolForm';
import { useOpenNewPatient } from './use-open-record';

/**
 * Enrol a managed-group patient (POST /api/user/patient) after their informed consent, then open
 * them at their first baseline form.
 */
export default function EnrolPatientDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EnrolValues>();
  const institutionId = useSessionStore((s) => s.user?.institutionId ?? undefined);
  const enrol = useEnrolPatient();
  const openNewPatient = useOpenNewPatient();

  const onSubmit = async (values: EnrolValues) => {
    if (enrol.isPending) return;
    const body = enrolPatientBody.parse({ ...enrolBodyFields(values), consentDate: values.consentDate?.format('YYYY-MM-DD') });
    try {
      const created = await enrol.mutateAsync(body);
      toast.success(t('enrol.success'));
      onClose();
      await openNewPatient(created.id);
    } catch {
      // Shown by the API client (e.g. the ID number is already enrolled).
    }
  };

  return (
    <PatientEnrolDialog
      open={open}
      title={t('enrol.title')}
      testId="enrol-dialog"
      form={form}
      withConsentDate
      genderRequired={false}
      lockedInstitutionId={institutionId}
      onSubmit={onSubmit}
      onCancel={onClose}
      okText={t('common.submit')}
      submitting={enrol.isPending}
    />
  );
}
