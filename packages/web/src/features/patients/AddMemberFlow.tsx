import { createComparativeBody } from '@tcm/contracts/api/comparative';
import type { ComparisonRole } from '@tcm/contracts/api/patient';
import { Button, Form, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { useAddMemberStore } from '../../stores/add-member';
import { useCreateComparative } from './comparative-api';
import { type EnrolValues, enrolBodyFields, PatientEnrolDialog } from './PatientEnrolForm';
import { useOpenNewPatient } from './use-open-record';

/** Add a comparison-group member (spec §2, §5): choose the type, fill the form, 添加成功. */
export function AddMemberFlow() {
  const step = useAddMemberStore((s) => s.step);
  return (
    <>
      <ChooseTypeDialog open={step === 'choose'} />
      <MemberFormDialog open={step === 'form'} />
    </>
  );
}

function ChooseTypeDialog({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const { role, chooseRole, toForm, close } = useAddMemberStore();
  return (
    <Modal
      open={open}
      title={t('addMember.chooseTitle')}
      okText={t('common.next')}
      cancelText={t('common.cancel')}
      onOk={toForm}
      onCancel={close}
      width={420}
      destroyOnHidden
      data-testid="add-member-choose"
    >
      <p id="add-member-type-label">{t('addMember.chooseHint')}</p>
      <Radio.Group
        aria-labelledby="add-member-type-label"
        value={role}
        onChange={(e) => chooseRole(e.target.value as ComparisonRole)}
        options={[
          { value: 0, label: t('cohort.preDiabetes') },
          { value: 1, label: t('cohort.diabetes') },
        ]}
        optionType="button"
        buttonStyle="solid"
      />
    </Modal>
  );
}

function MemberFormDialog({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EnrolValues>();
  const { role, back, close } = useAddMemberStore();
  const create = useCreateComparative();
  const openNewPatient = useOpenNewPatient();

  const onSubmit = async (values: EnrolValues) => {
    if (create.isPending) return;
    const body = createComparativeBody.parse({ ...enrolBodyFields(values), role });
    try {
      const created = await create.mutateAsync(body);
      toast.success(t('addMember.success'));
      close();
      await openNewPatient(created.id);
    } catch {
      // Shown by the API client; the dialog stays open with what was typed.
    }
  };

  return (
    <PatientEnrolDialog
      open={open}
      title={t('addMember.formTitle', { type: role === 1 ? t('cohort.diabetes') : t('cohort.preDiabetes') })}
      testId="add-member-form"
      form={form}
      withConsentDate={false}
      genderRequired
      defaultGender="man"
      telSchema={createComparativeBody.shape.tel_num}
      onSubmit={onSubmit}
      onCancel={close}
      okText={t('common.submit')}
      submitting={create.isPending}
      footer={
        <>
          <Button onClick={back}>{t('common.previous')}</Button>
          <Button type="primary" onClick={() => form.submit()} loading={create.isPending}>
            {t('common.submit')}
          </Button>
        </>
      }
    />
  );
}
