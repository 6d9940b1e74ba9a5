import { enrolPatientBody } from '@tcm/contracts/api/patient';
import { isoDateSchema, mobileSchema, personNameSchema, residentIdSchema } from '@tcm/contracts/api/validators';
import { ageOn, parseResidentId } from '@tcm/contracts/clinical/resident-id';
import { DatePicker, Form, Input, Modal, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useEnrolPatient } from '../../api/patients';
import { zodRule } from '../../components/form-rules';
import { InstitutionSelect } from '../../components/InstitutionSelect';
import dayjs from '../../lib/dayjs';
import { toast } from '../../lib/toast';
import { useSessionStore } from '../../stores/session';

interface Values {
  name: string;
  idNum: string;
  gender?: 'man' | 'woman';
  tel_num: string;
  institutionId: number;
  consentDate: Dayjs;
}

/** Enrol a managed-group patient (POST /api/user/patient) after their informed consent. */
export default function EnrolPatientDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const institutionId = useSessionStore((s) => s.user?.institutionId ?? undefined);
  const enrol = useEnrolPatient();
  const idNum = Form.useWatch('idNum', form);
  const parsed = typeof idNum === 'string' ? parseResidentId(idNum) : null;

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  // Gender follows from the ID number's sequence digit; filled in so the doctor only checks it.
  const derivedGender = parsed?.ok ? parsed.value.gender : null;
  useEffect(() => {
    if (derivedGender) form.setFieldValue('gender', derivedGender);
  }, [derivedGender, form]);

  const onOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const id = parseResidentId(values.idNum);
    const body = enrolPatientBody.parse({
      ...values,
      consentDate: values.consentDate.format('YYYY-MM-DD'),
      age: id.ok ? ageOn(id.value.birthDate) : undefined,
    });
    try {
      await enrol.mutateAsync(body);
      toast.success(t('enrol.success'));
      onClose();
    } catch {
      // Shown by the API client (e.g. the ID number is already enrolled).
    }
  };

  return (
    <Modal
      open={open}
      title={t('enrol.title')}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      onOk={onOk}
      onCancel={onClose}
      confirmLoading={enrol.isPending}
      width={560}
      data-testid="enrol-dialog"
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ institutionId, consentDate: dayjs() }}>
        <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(personNameSchema)]}>
          <Input placeholder={t('fields.namePlaceholder')} maxLength={50} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="idNum"
          label={t('fields.idNum')}
          required
          rules={[zodRule(residentIdSchema)]}
          extra={parsed?.ok ? t('enrol.derived', { age: ageOn(parsed.value.birthDate), birth: parsed.value.birthDate }) : undefined}
        >
          <Input placeholder={t('fields.idNumPlaceholder')} maxLength={18} autoComplete="off" />
        </Form.Item>
        <Form.Item name="gender" label={t('fields.gender')}>
          <Radio.Group
            options={[
              { value: 'man', label: t('gender.man') },
              { value: 'woman', label: t('gender.woman') },
            ]}
          />
        </Form.Item>
        <Form.Item name="tel_num" label={t('fields.telNum')} required rules={[zodRule(mobileSchema)]}>
          <Input placeholder={t('fields.telNumPlaceholder')} inputMode="numeric" maxLength={11} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="institutionId"
          label={t('fields.institution')}
          required
          rules={[{ required: true, message: t('fields.institutionRequired') }]}
        >
          <InstitutionSelect aria-label={t('fields.institution')} disabled={institutionId !== undefined} />
        </Form.Item>
        <Form.Item
          name="consentDate"
          label={t('enrol.consentDate')}
          required
          rules={[
            {
              validator: async (_, value: Dayjs | undefined) => {
                const result = isoDateSchema.safeParse(value?.format('YYYY-MM-DD'));
                if (!result.success) throw new Error(t('enrol.consentRequired'));
                if (value?.isAfter(dayjs(), 'day')) throw new Error(t('enrol.consentFuture'));
              },
            },
          ]}
        >
          <DatePicker style={{ width: '100%' }} aria-label={t('enrol.consentDate')} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
