import type { AnnexRecord } from '@tcm/contracts/api/records';
import { isIsoDate } from '@tcm/contracts/instruments/dates';
import type { InstrumentContext, InstrumentDefinition, RecordData } from '@tcm/contracts/instruments/types';
import { Button, Modal, Space } from 'antd';
import { lazy, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, newIdempotencyKey } from '../../api/client';
import { LazyDialog } from '../../components/lazy-dialog';
import { Notice } from '../../components/Notice';
import { InstrumentForm } from '../../instruments/InstrumentForm';
import { useInstrumentLang } from '../../instruments/lang';
import { useInstrumentForm } from '../../instruments/use-instrument-form';
import { useUnsavedGuard } from '../../instruments/use-unsaved-guard';
import { toast } from '../../lib/toast';
import { CONFLICT_CODE, type CreateSubmit, DUPLICATE_FOLLOW_UP_CODE, RecordRefusedError, useSaveRecord } from './api';
import { NEXT_CONTACT_DAYS, type SaveConcerns, saveConcerns } from './save-concerns';

// Asked only before saving a record with a danger value or a value to confirm: fetched then.
const SaveConfirmDialog = lazy(() => import('./SaveConfirmDialog'));

interface Props {
  def: InstrumentDefinition;
  patientId: number;
  /**
   * The validation context as of a record date (the form's date item; undefined before it is set):
   * previous visit and baseline are the records before that date, as the server builds them.
   */
  contextAt: (date: string | undefined) => InstrumentContext;
  /** The record being edited; a new record when absent. */
  record?: AnnexRecord;
  onSaved: (record: AnnexRecord) => void;
  onCancel?: () => void;
  /** Replaces the 保存 label (e.g. 保存并结束管理). */
  saveLabel?: string;
  /** Guard in-app navigation while dirty (off inside dialogs, which guard themselves). */
  guardNavigation?: boolean;
  /** After a 409 (changed or voided since loaded): reopen the record as it is now. */
  onReload?: () => void;
}

/** A new or existing record of one instrument: the generic form, engine checks, save, server refusals. */
export function RecordEditor({ def, patientId, contextAt, record, onSaved, onCancel, saveLabel, guardNavigation = true, onReload }: Props) {
  const { t } = useTranslation();
  const lang = useInstrumentLang();
  const [asOf, setAsOf] = useState<string | undefined>(record?.filledAt.slice(0, 10));
  const context = useMemo(() => contextAt(asOf), [contextAt, asOf]);
  const form = useInstrumentForm(def, context, record?.data);
  const date = form.state.values[def.dateItem];
  useEffect(() => {
    if (isIsoDate(date)) setAsOf(date);
  }, [date]);
  const save = useSaveRecord(def.key, patientId);
  const [errorCount, setErrorCount] = useState(0);
  // The revision this form was loaded from, fixed for its life: a newer one arriving with the
  // histories must not turn a stale edit into an overwrite.
  const [loaded] = useState(() => (record ? { id: record.id, revision: record.revision } : undefined));
  const [conflict, setConflict] = useState(false);
  const leaveDialog = useUnsavedGuard(guardNavigation && form.state.isDirty && !save.isPending && !save.isSuccess);
  // The checked answers waiting for the doctor's confirmation, and what is to be confirmed.
  const [confirming, setConfirming] = useState<{ data: RecordData; concerns: SaveConcerns } | null>(null);
  // The submit in flight: its key is kept for a retry of the same submit, so the server creates once.
  const [submitting, setSubmitting] = useState<CreateSubmit>(() => ({ key: newIdempotencyKey() }));
  // A submit that got no answer (timed out or offline), offered for a retry with the same key.
  const [unanswered, setUnanswered] = useState<{ data: RecordData; submit: CreateSubmit; reason: 'timeout' | 'network' } | null>(null);
  // A follow-up on a date that already has one: the server asks, the doctor confirms or goes back.
  const [duplicate, setDuplicate] = useState<{ data: RecordData; date: string } | null>(null);

  const onSave = async () => {
    const data = form.check();
    if (!data) {
      setErrorCount(Object.keys(form.state.errors).length || 1);
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>('.instrument-form [aria-invalid="true"], .instrument-form .has-error input')?.focus(),
      );
      return;
    }
    setErrorCount(0);
    setUnanswered(null);
    // A new press of 保存 is a new submit with its own key.
    const fresh = { key: newIdempotencyKey() };
    setSubmitting(fresh);
    const concerns = saveConcerns(def, data, form.derived, lang);
    if (concerns) setConfirming({ data, concerns });
    else await submit(data, fresh);
  };

  const submit = async (data: RecordData, attempt: CreateSubmit = submitting) => {
    try {
      const saved = await save.mutateAsync({ edit: loaded, data, submit: attempt });
      setConfirming(null);
      setUnanswered(null);
      // The server's derived values are the record's: it says whether an alert was recorded.
      if (saved.derived.hasAlert === true) toast.warning(t('alerts.savedWithAlert', { days: NEXT_CONTACT_DAYS }));
      else toast.success(t('instrument.saved'));
      onSaved(saved);
    } catch (error) {
      setConfirming(null);
      if (error instanceof RecordRefusedError) {
        form.showErrors(error.errors);
        setErrorCount(error.errors.length);
      }
      // The server's message has been shown by the API client; this says what to do next.
      if (error instanceof ApiError && error.code === CONFLICT_CODE) setConflict(true);
      if (error instanceof ApiError && error.noAnswer) setUnanswered({ data, submit: attempt, reason: error.noAnswer });
      if (error instanceof ApiError && error.code === DUPLICATE_FOLLOW_UP_CODE) {
        const sent = data[def.dateItem];
        setDuplicate({ data, date: typeof sent === 'string' ? sent : '' });
      }
    }
  };

  const confirmDuplicate = () => {
    if (!duplicate) return;
    const confirmed = { key: newIdempotencyKey(), confirmDuplicate: true };
    setSubmitting(confirmed);
    setDuplicate(null);
    void submit(duplicate.data, confirmed);
  };

  const prefix = `f${def.key}${record ? `-${record.id}` : ''}`;
  return (
    <div data-testid={`record-editor-${def.key}`}>
      {leaveDialog}
      {record && (
        <Notice type="info" style={{ marginBottom: 12 }} title={t('instrument.editing', { date: record.filledAt.slice(0, 10) })} />
      )}
      {conflict && (
        <Notice
          type="warning"
          role="alert"
          style={{ marginBottom: 12 }}
          data-testid="record-conflict"
          title={t('instrument.conflictHint')}
          action={
            onReload && (
              <Button size="small" onClick={onReload}>
                {t('instrument.reloadLatest')}
              </Button>
            )
          }
        />
      )}
      <InstrumentForm form={form} prefix={prefix} />
      {unanswered && (
        <Notice
          type="error"
          role="alert"
          style={{ marginTop: 12 }}
          data-testid="save-no-answer"
          title={t(unanswered.reason === 'timeout' ? 'saves.noAnswerTimeout' : 'saves.noAnswerNetwork')}
          description={t('saves.retryHint')}
          action={
            <Button
              size="small"
              loading={save.isPending}
              onClick={() => void submit(unanswered.data, unanswered.submit)}
              data-testid="save-retry"
            >
              {t('saves.retry')}
            </Button>
          }
        />
      )}
      <Modal
        open={duplicate !== null}
        title={t('saves.duplicateTitle')}
        okText={t('saves.duplicateConfirm')}
        cancelText={t('alerts.backToForm')}
        onOk={confirmDuplicate}
        onCancel={() => setDuplicate(null)}
        okButtonProps={{ loading: save.isPending }}
        destroyOnHidden
      >
        <p data-testid="duplicate-follow-up">{t('saves.duplicateFollowUp', { date: duplicate?.date ?? '' })}</p>
      </Modal>
      {errorCount > 0 && Object.keys(form.state.errors).length > 0 && (
        <Notice
          type="error"
          role="alert"
          style={{ marginTop: 12 }}
          title={t('instrument.hasErrors', { count: Object.keys(form.state.errors).length })}
          description={
            <ul className="instrument-error-list">
              {Object.entries(form.state.errors)
                .slice(0, 8)
                .map(([key, message]) => (
                  <li key={key}>{message}</li>
                ))}
            </ul>
          }
        />
      )}
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" onClick={onSave} loading={save.isPending} data-testid="record-save">
          {saveLabel ?? (record ? t('instrument.saveChanges') : t('instrument.save'))}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('common.cancel')}</Button>}
      </Space>
      <LazyDialog
        dialog={SaveConfirmDialog}
        open={confirming !== null}
        concerns={confirming?.concerns ?? null}
        lang={lang}
        isPending={save.isPending}
        days={NEXT_CONTACT_DAYS}
        onConfirm={() => confirming && void submit(confirming.data)}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
