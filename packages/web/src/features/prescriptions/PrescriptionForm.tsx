import type { IssuedPrescription, PrescriptionBlankResult } from '@tcm/contracts/api/prescription';
import { type FieldLabel, PRESCRIPTION_FIELD_LABELS, prescriptionKindLabel } from '@tcm/contracts/prescriptions/labels';
import { PRESCRIPTION_OTHER_MAX, PRESCRIPTION_TEXT_MAX } from '@tcm/contracts/prescriptions/limits';
import { type LayoutItem, PRESCRIPTION_FIELDS, PRESCRIPTION_LAYOUT, type PrescriptionKind } from '@tcm/contracts/prescriptions/templates';
import { Button, Checkbox, Input, Space, Tag, Tooltip } from 'antd';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { Notice } from '../../components/Notice';
import { translateValidation } from '../../i18n';
import { PrescriptionSaveError, useSavePrescription } from './api';
import { fieldOwners, isEnabled, prefilledValues, suggestionReasons, toContent, type Values } from './PrescriptionFormState';
import { usePrescriptionLang } from './PrescriptionText';

type Errors = Record<string, string>;

const HAN = /\p{Script=Han}/u;

interface Props {
  kind: PrescriptionKind;
  blank: PrescriptionBlankResult;
  onSaved: (issued: IssuedPrescription) => void;
}

/**
 * The one prescription form: built from the kind's layout (checkboxes, their texts, sub-items under
 * their group, free notes) and the contracts' labels; prefilled from the blank, suggestions marked.
 */
export function PrescriptionForm({ kind, blank, onSaved }: Props) {
  const { t } = useTranslation();
  const lang = usePrescriptionLang();
  const save = useSavePrescription(kind);
  const initial = useMemo(() => prefilledValues(blank, lang), [blank, lang]);
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const owners = useMemo(() => fieldOwners(kind), [kind]);
  const labels = PRESCRIPTION_FIELD_LABELS[kind] as Record<string, FieldLabel>;
  const label = (field: string) => labels[field]?.[lang] ?? field;
  const id = (field: string) => `rx-${kind}-${field}`;

  const suggestions = useMemo(() => suggestionReasons(blank, lang), [blank, lang]);

  const enabled = (field: string) => isEnabled(owners, values, field);

  const set = (field: string, value: boolean | string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => {
      if (!(field in e)) return e;
      const { [field]: _, ...rest } = e;
      return rest;
    });
  };

  const showErrors = (issues: { field: string; message: string }[]) => {
    const next: Errors = {};
    const general: string[] = [];
    for (const issue of issues) {
      const message = translateValidation(issue.message);
      if (issue.field && issue.field in (PRESCRIPTION_FIELDS[kind] as Record<string, unknown>)) next[issue.field] ??= message;
      else general.push(message);
    }
    setErrors(next);
    setFormErrors(general);
    const first = Object.keys(PRESCRIPTION_FIELDS[kind]).find((field) => field in next);
    if (first) document.getElementById(id(first))?.focus();
  };

  const submit = async () => {
    const content = toContent(kind, values);
    let parsed: ReturnType<typeof import('./prescription-check').parsePrescription>;
    try {
      const { parsePrescription } = await import('./prescription-check');
      parsed = parsePrescription(kind, content, lang);
    } catch {
      // The rules could not be downloaded (network down, or a new deployment removed the file).
      setFormErrors([t('errors.network')]);
      return;
    }
    if (!parsed.success) {
      showErrors(parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message })));
      return;
    }
    setErrors({});
    setFormErrors([]);
    try {
      const issued = await save.mutateAsync(content);
      onSaved(issued);
    } catch (error) {
      if (error instanceof PrescriptionSaveError && error.fieldErrors.length > 0) {
        showErrors(error.fieldErrors.map((e) => ({ field: e.item.split('.')[0] ?? '', message: e.message })));
      } else if (error instanceof ApiError && !error.isSessionExpired) {
        setFormErrors([error.serverMessage ? translateValidation(error.serverMessage) : t('errors.system')]);
      }
    }
  };

  // The first issue waits for the rules' download (prescription-check): a second press meanwhile, or
  // before the button shows it is busy, must not issue the prescription twice.
  const submitting = useRef(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    try {
      await submit();
    } finally {
      submitting.current = false;
    }
  };

  const marker = (field: string) => {
    const reasons = suggestions.get(field);
    if (!reasons) return null;
    const text = reasons.join(lang === 'en' ? '; ' : '；');
    return (
      <Tooltip title={text}>
        {/* Focusable so the reason can be read from the keyboard too; the reason is also in the text. */}
        <Tag
          tabIndex={0}
          data-testid={`suggested-${field}`}
          className="prescription-suggested"
          style={{
            marginInlineStart: 8,
            cursor: 'help',
            color: 'var(--ant-color-warning)',
            background: 'var(--ant-color-warning-bg)',
            borderColor: 'var(--ant-color-warning-border)',
          }}
        >
          {t('prescribe.suggested')}
          <span className="visually-hidden">{t('prescribe.suggestedBecause', { reason: text })}</span>
        </Tag>
      </Tooltip>
    );
  };

  const errorText = (field: string) =>
    errors[field] ? (
      <div id={`${id(field)}-error`} className="prescription-error">
        {errors[field]}
      </div>
    ) : null;

  const textField = (field: string, required: boolean, max: number) => {
    const on = enabled(field);
    const invalid = Boolean(errors[field]);
    return (
      <div className="prescription-text" key={field}>
        <label htmlFor={id(field)} className="prescription-label">
          {on && required && (
            <span aria-hidden className="prescription-required">
              *
            </span>
          )}
          {label(field)}
        </label>
        {marker(field)}
        <Input.TextArea
          id={id(field)}
          // The prefilled texts are in the interface's language; Chinese that the doctor typed in the
          // English interface is marked as such, so a screen reader reads it in Chinese.
          lang={lang === 'en' && HAN.test(String(values[field] ?? '')) ? 'zh-CN' : undefined}
          value={String(values[field] ?? '')}
          onChange={(e) => set(field, e.target.value)}
          disabled={!on}
          required={on && required}
          aria-required={on && required}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id(field)}-error` : undefined}
          status={invalid ? 'error' : undefined}
          autoSize={{ minRows: 2, maxRows: 8 }}
          maxLength={max}
          showCount
        />
        {errorText(field)}
      </div>
    );
  };

  const renderItem = (item: LayoutItem, depth: number) => {
    const ticked = values[item.key] === true;
    const invalid = Boolean(errors[item.key]);
    return (
      <li
        key={item.key}
        className={depth === 0 ? 'prescription-item' : item.text ? 'prescription-subitem with-text' : 'prescription-subitem'}
      >
        <Checkbox
          id={id(item.key)}
          checked={ticked}
          disabled={!enabled(item.key)}
          onChange={(e) => set(item.key, e.target.checked)}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id(item.key)}-error` : undefined}
        >
          {label(item.key)}
        </Checkbox>
        {marker(item.key)}
        {errorText(item.key)}
        {item.children && (
          <fieldset className="prescription-subgroup">
            <legend className="visually-hidden">{label(item.key)}</legend>
            <ul className="prescription-children">{item.children.map((child) => renderItem(child, depth + 1))}</ul>
          </fieldset>
        )}
        {item.text && textField(item.text, true, PRESCRIPTION_TEXT_MAX)}
      </li>
    );
  };

  const layout = PRESCRIPTION_LAYOUT[kind];
  const kindName = prescriptionKindLabel(kind, lang);
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('prescribe.formTitle', { kind: kindName })} data-testid="prescription-form">
      {blank.suggestions.length > 0 && (
        <Notice type="info" title={t('prescribe.suggestionsSummary', { count: suggestions.size })} style={{ marginBottom: 12 }} />
      )}
      {layout.items.length > 0 && (
        <fieldset className="prescription-fieldset">
          <legend>{t('prescribe.items')}</legend>
          <p className="prescription-hint">{t('prescribe.formHint')}</p>
          <ul className="prescription-items">{layout.items.map((item) => renderItem(item, 0))}</ul>
        </fieldset>
      )}
      {layout.notes.length > 0 && (
        <fieldset className="prescription-fieldset">
          <legend>{kind === 'other' ? t('prescribe.content') : t('prescribe.notes')}</legend>
          {layout.notes.map((note) => textField(note, kind === 'other', kind === 'other' ? PRESCRIPTION_OTHER_MAX : PRESCRIPTION_TEXT_MAX))}
        </fieldset>
      )}
      {(formErrors.length > 0 || Object.keys(errors).length > 0) && (
        <Notice
          type="error"
          data-testid="prescription-errors"
          title={formErrors[0] ?? t('prescribe.fixErrors')}
          description={
            formErrors.length > 1 || Object.keys(errors).length > 0 ? (
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {[...new Set([...formErrors.slice(1), ...Object.values(errors)])].map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            ) : undefined
          }
          style={{ marginBottom: 12 }}
        />
      )}
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('prescribe.save')}
        </Button>
        <Button
          onClick={() => {
            setValues(initial);
            setErrors({});
            setFormErrors([]);
          }}
        >
          {t('prescribe.restore')}
        </Button>
      </Space>
    </form>
  );
}
