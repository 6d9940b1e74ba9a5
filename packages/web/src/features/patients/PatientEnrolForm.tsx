import { genderSchema } from '@tcm/contracts/api/patient';
import { mobileSchema, personNameSchema, residentIdSchema } from '@tcm/contracts/api/validators';
import { ageOn, parseResidentId } from '@tcm/contracts/clinical/resident-id';
import { Checkbox, Form, type FormInstance, Input, type InputRef, Modal, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DateField } from '../../components/DateField';
import { zodRule } from '../../components/form-rules';
import { InstitutionSelect } from '../../components/InstitutionSelect';
import dayjs from '../../lib/dayjs';

/** What both enrolment forms (managed patient, comparison member) collect. */
export interface EnrolValues {
  name: string;
  idNum: string;
  gender?: 'man' | 'woman';
  tel_num: string;
  institutionId: number;
  /** Only the managed group records the informed-consent date. */
  consentDate?: Dayjs;
  enrolledAt?: Dayjs | null;
  smsConsent: boolean;
}

/** The fields every enrolment body shares, as the contracts take them (dates as YYYY-MM-DD, age from the ID). */
export function enrolBodyFields(values: EnrolValues) {
  const id = parseResidentId(values.idNum);
  return {
    name: values.name,
    idNum: values.idNum,
    gender: values.gender,
    tel_num: values.tel_num,
    institutionId: values.institutionId,
    // The spec's bodies carry age; it follows from the ID number, so the doctor never types it.
    age: id.ok ? ageOn(id.value.birthDate) : undefined,
    enrolledAt: values.enrolledAt ? values.enrolledAt.format('YYYY-MM-DD') : undefined,
    smsConsent: values.smsConsent,
  };
}

const notFuture = (d: Dayjs) => d.isAfter(dayjs(), 'day');

/**
 * A past-or-today date in the app's date field, holding the form's Dayjs; the clear button is left out
 * so that Tab goes from the date to the next field. Form.Item's id (its label's target) and its
 * error description reach the input.
 */
function PastDate({
  label,
  value,
  onChange,
  ...rest
}: {
  label: string;
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  value?: Dayjs | null;
  onChange?: (d: Dayjs | null) => void;
}) {
  return (
    <DateField
      {...rest}
      aria-label={label}
      allowClear={false}
      value={value ? value.format('YYYY-MM-DD') : null}
      isDisabled={(day) => notFuture(dayjs(day))}
      onChange={(day) => onChange?.(day ? dayjs(day) : null)}
    />
  );
}

function pastDateRule(requiredMessage: string | null, futureMessage: string) {
  return {
    validator: async (_: unknown, value: Dayjs | null | undefined) => {
      if (!value) {
        if (requiredMessage) throw new Error(requiredMessage);
        return;
      }
      if (notFuture(value)) throw new Error(futureMessage);
    },
  };
}

/**
 * The dialog both enrolment forms share: focus on the first field when it opens, Enter submits, the
 * gender follows the ID number, the institution is the doctor's own, enrolment date (default today,
 * not in the future) and the SMS reminder consent (default no).
 */
export function PatientEnrolDialog({
  open,
  title,
  testId,
  form,
  withConsentDate,
  genderRequired,
  defaultGender,
  telSchema = mobileSchema,
  lockedInstitutionId,
  onSubmit,
  onCancel,
  footer,
  okText,
  submitting,
}: {
  open: boolean;
  title: string;
  testId: string;
  form: FormInstance<EnrolValues>;
  withConsentDate: boolean;
  genderRequired: boolean;
  /** The gender checked until the ID number says otherwise (a required radio group cannot start empty). */
  defaultGender?: 'man' | 'woman';
  /** The body's own check of the mobile number (each call words its required message itself). */
  telSchema?: z.ZodType;
  /** The doctor's own institution, which they cannot change. */
  lockedInstitutionId?: number;
  onSubmit: (values: EnrolValues) => void;
  onCancel: () => void;
  /** Buttons in place of 提交 / 取消 (a step back); they submit through `form.submit()`. */
  footer?: ReactNode;
  okText: string;
  submitting: boolean;
}) {
  const { t } = useTranslation();
  const firstField = useRef<InputRef>(null);
  const idNum = Form.useWatch('idNum', form);
  const parsed = typeof idNum === 'string' ? parseResidentId(idNum) : null;

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  // The server refuses a gender that contradicts the ID number's sequence digit, so the ID decides it.
  const derivedGender = parsed?.ok ? parsed.value.gender : null;
  useEffect(() => {
    if (derivedGender) form.setFieldValue('gender', derivedGender);
  }, [derivedGender, form]);

  // Enter in a text box submits, as in any form; not while an IME composes a name, and not in the
  // date and institution pickers, where Enter picks the highlighted entry.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || target.tagName !== 'INPUT') return;
    if (target.closest('.ant-picker, .ant-select') || (target as HTMLInputElement).type !== 'text') return;
    event.preventDefault();
    form.submit();
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onCancel}
      confirmLoading={submitting}
      footer={footer}
      afterOpenChange={(isOpen) => {
        if (isOpen) firstField.current?.focus();
      }}
      width={560}
      data-testid={testId}
    >
      <Form<EnrolValues>
        form={form}
        layout="vertical"
        initialValues={{
          institutionId: lockedInstitutionId,
          gender: defaultGender,
          consentDate: dayjs(),
          enrolledAt: dayjs(),
          smsConsent: false,
        }}
        onFinish={onSubmit}
        onKeyDown={onKeyDown}
      >
        <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(personNameSchema)]}>
          {/* autoFocus for the first opening, afterOpenChange for the next ones (the dialog stays mounted). */}
          <Input ref={firstField} autoFocus placeholder={t('fields.namePlaceholder')} maxLength={50} autoComplete="off" />
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
        <Form.Item name="gender" label={t('fields.gender')} required={genderRequired} rules={genderRequired ? [zodRule(genderSchema)] : []}>
          <Radio.Group
            options={[
              { value: 'man', label: t('gender.man') },
              { value: 'woman', label: t('gender.woman') },
            ]}
          />
        </Form.Item>
        <Form.Item name="tel_num" label={t('fields.telNum')} required rules={[zodRule(telSchema)]}>
          <Input placeholder={t('fields.telNumPlaceholder')} inputMode="numeric" maxLength={11} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="institutionId"
          label={t('fields.institution')}
          required
          rules={[{ required: true, message: t('fields.institutionRequired') }]}
        >
          <InstitutionSelect
            placeholder={t('fields.institutionPlaceholder')}
            aria-label={t('fields.institution')}
            disabled={lockedInstitutionId !== undefined}
          />
        </Form.Item>
        {withConsentDate && (
          <Form.Item
            name="consentDate"
            label={t('enrol.consentDate')}
            required
            rules={[pastDateRule(t('enrol.consentRequired'), t('enrol.consentFuture'))]}
          >
            <PastDate label={t('enrol.consentDate')} />
          </Form.Item>
        )}
        <Form.Item name="enrolledAt" label={t('enrol.enrolledAt')} rules={[pastDateRule(null, t('enrol.enrolledFuture'))]}>
          <PastDate label={t('enrol.enrolledAt')} />
        </Form.Item>
        <Form.Item name="smsConsent" valuePropName="checked">
          <Checkbox>{t('enrol.smsConsent')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
