import type { AnnexRecord } from '@tcm/contracts/api/records';
import type { AnnexKey } from '@tcm/contracts/instruments/types';
import { Button } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyDialog } from '../../components/lazy-dialog';
import { Notice } from '../../components/Notice';
import type { ContextPatient } from '../../instruments/context';
import type { Guidance } from './glycemic-guidance';
import { NEXT_CONTACT_DAYS } from './save-concerns';

const ProgressToDiabetesDialog = lazy(() => import('./ProgressToDiabetesDialog'));

interface Props {
  guidance: Guidance;
  patientId: number;
  patient: ContextPatient;
  histories: Partial<Record<AnnexKey, AnnexRecord[]>>;
  /** A managed patient still in management: only then can management end. */
  canEnd: boolean;
}

/**
 * What the newest glucose record asks of the doctor, above the forms: 低血糖; 疑似糖尿病 with the
 * repeat test within 14 days; confirmed diabetes with the guided end of pre-diabetes management
 * (进展为糖尿病), which keeps every record. Fetched only for a patient whose record asks one of these.
 */
export default function GlycemicGuidance({ guidance, patientId, patient, histories, canEnd }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const days = NEXT_CONTACT_DAYS;
  if (guidance.kind === 'hypoglycaemia')
    return (
      <Notice type="error" role="alert" data-testid="glycemic-guidance" style={{ marginBottom: 12 }} title={t('glycemic.hypoglycaemia')} />
    );
  if (guidance.kind === 'unconfirmed')
    return (
      <Notice
        type="warning"
        data-testid="glycemic-guidance"
        style={{ marginBottom: 12 }}
        title={guidance.repeatBy ? t('glycemic.unconfirmed', { days, date: guidance.repeatBy }) : t('glycemic.unconfirmedNoDate', { days })}
      />
    );
  if (!canEnd) return null;
  return (
    <>
      <Notice
        type="error"
        data-testid="glycemic-guidance"
        style={{ marginBottom: 12 }}
        title={t('glycemic.confirmed')}
        action={
          <Button danger size="small" onClick={() => setOpen(true)} data-testid="open-progress-to-diabetes">
            {t('glycemic.progressOpen')}
          </Button>
        }
      />
      <LazyDialog
        dialog={ProgressToDiabetesDialog}
        open={open}
        patientId={patientId}
        patient={patient}
        histories={histories}
        record={guidance.record}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
