import { createComparativeBody } from '@tcm/contracts/api/comparative';
import { type ComparisonRole, genderSchema } from '@tcm/contracts/api/patient';
import { personNameSchema, residentIdSchema } from '@tcm/contracts/api/validators';
import { ageOn, parseResidentId } from '@tcm/contracts/clinical/resident-id';
import { Button, Form, Input, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../components/form-rules';
import { InstitutionSelect } from '../../components/InstitutionSelect';
import { toast } from '../../lib/toast';
import { useAddMemberStore } from '../../stores/add-member';
import { useCreateComparative } from './comparative-api';

interface Values {
  name: string;
  gender: 'man' | 'woman';
  tel_num: string;
  idNum: string;
  institutionId: number;
}

const shape = createComparativeBody.shape;

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
  const [form] = Form.useForm<Values>();
  const { role, back, close } = useAddMemberStore();
  const create = useCreateComparative();

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  // The server refuses a gender that contradicts the ID number's sequence digit, so the ID decides it.
  const idNum = Form.useWatch('idNum', form);
  const parsedId = typeof idNum === 'string' ? parseResidentId(idNum) : null;
  const derivedGender = parsedId?.ok ? parsedId.value.gender : null;
  useEffect(() => {
    if (derivedGender) form.setFieldValue('gender', derivedGender);
  }, [derivedGender, form]);

  const onOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const parsed = parseResidentId(values.idNum);
    const body = createComparativeBody.parse({
      ...values,
      role,
      // The spec's body carries age; it follows from the ID number, so the doctor never types it.
      age: parsed.ok ? ageOn(parsed.value.birthDate) : undefined,
    });
    try {
      await create.mutateAsync(body);
      toast.success(t('addMember.success'));
      close();
    } catch {
      // Shown by the API client; the dialog stays open with what was typed.
    }
  };

  return (
    <Modal
      open={open}
      title={t('addMember.formTitle', { type: role === 1 ? t('cohort.diabetes') : t('cohort.preDiabetes') })}
      onCancel={close}
      footer={
        <>
          <Button onClick={back}>{t('common.previous')}</Button>
          <Button type="primary" onClick={onOk} loading={create.isPending}>
            {t('common.submit')}
          </Button>
        </>
      }
      width={520}
      data-testid="add-member-form"
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ gender: 'man' }} preserve={false}>
        <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(personNameSchema)]}>
          <Input placeholder={t('fields.namePlaceholder')} maxLength={50} autoComplete="off" />
        </Form.Item>
        <Form.Item name="gender" label={t('fields.gender')} required rules={[zodRule(genderSchema)]}>
          <Radio.Group
            options={[
              { value: 'man', label: t('gender.man') },
              { value: 'woman', label: t('gender.woman') },
            ]}
          />
        </Form.Item>
        <Form.Item name="tel_num" label={t('fields.telNum')} required rules={[zodRule(shape.tel_num)]}>
          <Input placeholder={t('fields.telNumPlaceholder')} inputMode="numeric" maxLength={11} autoComplete="off" />
        </Form.Item>
        <Form.Item name="idNum" label={t('fields.idNum')} required rules={[zodRule(residentIdSchema)]}>
          <Input placeholder={t('fields.idNumPlaceholder')} maxLength={18} autoComplete="off" />
        </Form.Item>
        <Form.Item name="institutionId" label={t('fields.institution')} required rules={[zodRule(shape.institutionId)]}>
          <InstitutionSelect placeholder={t('fields.institutionPlaceholder')} aria-label={t('fields.institution')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
