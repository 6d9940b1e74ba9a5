import type { RegisterStatus } from '@tcm/contracts/api/auth';
import type { FillStatus, PatientListItem } from '@tcm/contracts/api/patient';
import { DUE_SOON_DAYS, type FormState } from '@tcm/contracts/clinical/form-status';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from '../lib/dayjs';

// The theme's status colours: their text keeps WCAG AA on their own light tint (app/theme.test.ts).
const TONE = {
  red: { color: 'var(--ant-color-error)', background: 'var(--ant-color-error-bg)', borderColor: 'var(--ant-color-error-border)' },
  orange: { color: 'var(--ant-color-warning)', background: 'var(--ant-color-warning-bg)', borderColor: 'var(--ant-color-warning-border)' },
  green: { color: 'var(--ant-color-success)', background: 'var(--ant-color-success-bg)', borderColor: 'var(--ant-color-success-border)' },
  blue: { color: 'var(--ant-color-primary)', background: 'var(--ant-color-primary-bg)', borderColor: 'var(--ant-color-primary-border)' },
  grey: { color: 'var(--ant-color-text)', background: 'var(--ant-color-fill-alter)', borderColor: 'var(--ant-color-border)' },
} as const;

export function ToneTag({ tone, children, testId }: { tone: keyof typeof TONE; children: React.ReactNode; testId?: string }) {
  return (
    <Tag style={TONE[tone]} data-testid={testId}>
      {children}
    </Tag>
  );
}

export function FillStatusTag({ status }: { status: FillStatus }) {
  const { t } = useTranslation();
  return <ToneTag tone={status === 'completed' ? 'green' : 'orange'}>{t(`fillStatus.${status}`)}</ToneTag>;
}

const FORM_STATE_TONE: Record<FormState, keyof typeof TONE> = { done: 'green', missing: 'orange', due: 'blue', overdue: 'red' };

/** A record form's state (done / missing / due / overdue), worded once in the catalogues. */
export function FormStateTag({ state }: { state: FormState }) {
  const { t } = useTranslation();
  return (
    <ToneTag tone={FORM_STATE_TONE[state]} testId={`form-state-${state}`}>
      {t(`formState.${state}`)}
    </ToneTag>
  );
}

export function RegisterStatusTag({ status }: { status: RegisterStatus }) {
  const { t } = useTranslation();
  const tone = status === 'Approved' ? 'green' : status === 'Rejected' ? 'red' : 'orange';
  return <ToneTag tone={tone}>{t(`registerStatus.${status}`)}</ToneTag>;
}

export function CohortTag({ cohort, role }: { cohort: PatientListItem['cohort']; role: PatientListItem['role'] }) {
  const { t } = useTranslation();
  if (cohort === 'managed') return <ToneTag tone="blue">{t('cohort.managed')}</ToneTag>;
  return <ToneTag tone="grey">{role === 1 ? t('cohort.comparisonDiabetes') : t('cohort.comparisonPreDiabetes')}</ToneTag>;
}

/** Where a patient stands against their next follow-up: ended, overdue, due soon or on schedule. */
export function FollowUpStatusTag({ patient }: { patient: PatientListItem }) {
  const { t } = useTranslation();
  if (patient.endManagement) return <ToneTag tone="grey">{t('status.ended')}</ToneTag>;
  if (patient.overdue) {
    return (
      <ToneTag tone="red" testId="overdue-tag">
        {t('status.overdue', { days: patient.daysSinceLastFollowUp })}
      </ToneTag>
    );
  }
  if (patient.nextDueDate) {
    const days = dayjs(patient.nextDueDate).startOf('day').diff(dayjs().startOf('day'), 'day');
    if (days <= 0) return <ToneTag tone="orange">{t('status.dueToday')}</ToneTag>;
    if (days <= DUE_SOON_DAYS) return <ToneTag tone="orange">{t('status.dueIn', { days })}</ToneTag>;
  }
  return <ToneTag tone="green">{t('status.onSchedule')}</ToneTag>;
}

export function formatDate(value: string | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD') : '—';
}

/** A patient with a danger value still to handle (no contact or referral since the record). */
export function UrgentMark() {
  const { t } = useTranslation();
  return (
    <Tag color="error" style={{ marginInlineStart: 6 }} data-testid="urgent-mark">
      {t('alerts.flagged')}
    </Tag>
  );
}
