import {
  type ContactChannel,
  type ContactResult,
  contactChannelSchema,
  contactResultSchema,
  createContactBody,
  STATUS_OF_RESULT,
} from '@tcm/contracts/api/outreach';
import { Form, Input, Modal, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from '../../lib/dayjs';
import { toast } from '../../lib/toast';
import { useRecordContact } from './api';

export interface ContactPatient {
  id: number;
  name: string;
}

interface Values {
  channel: ContactChannel;
  result: ContactResult;
  note?: string;
  remindOn?: string;
}

/** The earliest 稍后联系 date: tomorrow, since "later" today is the same working list as now. */
function earliestRemindOn(): string {
  return dayjs().add(1, 'day').format('YYYY-MM-DD');
}

/**
 * Records one contact attempt (POST /api/outreach/contacts) without leaving the list it was opened
 * from. A result that ends the follow-up (moved away, died, refused) is sent only after a second,
 * explicit confirmation: it takes the patient off every worklist.
 */
export default function ContactDialog({ open, patient, onClose }: { open: boolean; patient: ContactPatient | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const record = useRecordContact();
  const [confirming, setConfirming] = useState<Values | null>(null);

  useEffect(() => {
    if (open) {
      form.resetFields();
      setConfirming(null);
    }
  }, [open, form]);

  const send = async (values: Values) => {
    if (!patient) return;
    const body = createContactBody.parse({
      patientId: patient.id,
      channel: values.channel,
      result: values.result,
      note: values.note?.trim() ? values.note.trim() : undefined,
      remindOn: values.result === 'remindLater' ? values.remindOn : undefined,
    });
    try {
      await record.mutateAsync(body);
      toast.success(t('outreach.dialog.saved'));
      setConfirming(null);
      onClose();
    } catch {
      // The API client has shown the server's message; the dialog stays open with the answers.
      setConfirming(null);
    }
  };

  const onOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (STATUS_OF_RESULT[values.result]) setConfirming(values);
    else await send(values);
  };

  const terminal = confirming ? STATUS_OF_RESULT[confirming.result] : undefined;
  return (
    <>
      <Modal
        open={open}
        title={t('outreach.dialog.title', { name: patient?.name ?? '' })}
        okText={t('common.submit')}
        cancelText={t('common.cancel')}
        onOk={onOk}
        onCancel={onClose}
        confirmLoading={record.isPending && !confirming}
        width={560}
        data-testid="contact-dialog"
      >
        <Form<Values> form={form} layout="vertical" initialValues={{ channel: 'phone' }}>
          <Form.Item
            name="channel"
            label={t('outreach.dialog.channel')}
            rules={[{ required: true, message: t('outreach.dialog.channelRequired') }]}
          >
            <Radio.Group
              aria-label={t('outreach.dialog.channel')}
              options={contactChannelSchema.options.map((value) => ({ value, label: t(`outreach.channel.${value}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="result"
            label={t('outreach.dialog.result')}
            rules={[{ required: true, message: t('outreach.dialog.resultRequired') }]}
          >
            <Radio.Group
              aria-label={t('outreach.dialog.result')}
              options={contactResultSchema.options.map((value) => ({ value, label: t(`outreach.result.${value}`) }))}
            />
          </Form.Item>
          {/* Rendered from the form's own store (not a watched copy) so that the date is a field of the
              very next validation after 稍后联系 is chosen. */}
          <Form.Item noStyle dependencies={['result']}>
            {({ getFieldValue }) =>
              getFieldValue('result') === 'remindLater' && (
                <Form.Item
                  name="remindOn"
                  label={t('outreach.dialog.remindOn')}
                  required
                  rules={[
                    {
                      validator: async (_, value: string | undefined) => {
                        if (!value) throw new Error(t('outreach.dialog.remindOnRequired'));
                        if (value < earliestRemindOn()) throw new Error(t('outreach.dialog.remindOnFuture'));
                      },
                    },
                  ]}
                >
                  <Input type="date" min={earliestRemindOn()} aria-label={t('outreach.dialog.remindOn')} />
                </Form.Item>
              )
            }
          </Form.Item>
          <Form.Item name="note" label={t('outreach.dialog.note')}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} aria-label={t('outreach.dialog.note')} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={confirming !== null}
        title={terminal ? t(`outreach.confirm.${terminal}` as 'outreach.confirm.died') : ''}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true }}
        onOk={() => (confirming ? send(confirming) : undefined)}
        onCancel={() => setConfirming(null)}
        confirmLoading={record.isPending}
        data-testid="contact-confirm"
      >
        <p>{t('outreach.confirm.patient', { name: patient?.name ?? '' })}</p>
      </Modal>
    </>
  );
}
