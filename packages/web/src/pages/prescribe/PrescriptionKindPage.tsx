import type { IssuedPrescription } from '@tcm/contracts/api/prescription';
import { prescriptionKindLabel } from '@tcm/contracts/prescriptions/labels';
import type { PrescriptionKind } from '@tcm/contracts/prescriptions/templates';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { Notice } from '../../components/Notice';
import { ErrorState, PageLoading } from '../../components/PageState';
import { usePrescription, usePrescriptionBlank } from '../../features/prescriptions/api';
import { PrescriptionForm } from '../../features/prescriptions/PrescriptionForm';
import { PrescriptionHistory } from '../../features/prescriptions/PrescriptionHistory';
import { PrescriptionPrintView } from '../../features/prescriptions/PrescriptionSheet';
import { usePrescriptionLang } from '../../features/prescriptions/PrescriptionText';
import { screenHandleOf } from '../../lib/routes';
import { toast } from '../../lib/toast';
import { usePatientStore } from '../../stores/patient';
import { PrescriptionNotForComparison } from './PrescriptionNotForComparison';

function positiveId(value: string | null): number | null {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : null;
}

/** Every /prescribe child of one kind (PRESCRIBE_ROUTES): the screen of the kind its route was generated for. */
export default function PrescriptionKindRoute() {
  const kind = screenHandleOf(useMatches()).prescription;
  // Keyed, so that moving to another kind mounts a fresh screen, as a page of its own would.
  return kind ? <PrescriptionKindPage key={kind} kind={kind} /> : null;
}

/** One prescription kind: the form prefilled from the blank, the history, and the print view (?print=id). */
export function PrescriptionKindPage({ kind }: { kind: PrescriptionKind }) {
  const patientId = usePatientStore((s) => s.patientId);
  const info = usePatientStore((s) => s.patientInfo);
  const [params, setParams] = useSearchParams();
  const printId = positiveId(params.get('print'));
  if (patientId === null || !info) return null;
  if (info.cohort !== 'managed') return <PrescriptionNotForComparison />;
  const setPrint = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete('print');
      else next.set('print', String(id));
      return next;
    });
  if (printId !== null) return <PrintScreen kind={kind} id={printId} onBack={() => setPrint(null)} />;
  return <KindScreen key={patientId} kind={kind} patientId={patientId} onPrint={setPrint} />;
}

function PrintScreen({ kind, id, onBack }: { kind: PrescriptionKind; id: number; onBack: () => void }) {
  const item = usePrescription(kind, id);
  if (item.isPending) return <PageLoading />;
  if (item.isError) return <ErrorState error={item.error} onRetry={() => item.refetch()} />;
  return (
    <Card style={{ marginTop: 12 }}>
      <PrescriptionPrintView issued={item.data} onBack={onBack} />
    </Card>
  );
}

function KindScreen({ kind, patientId, onPrint }: { kind: PrescriptionKind; patientId: number; onPrint: (id: number) => void }) {
  const { t } = useTranslation();
  const lang = usePrescriptionLang();
  const blank = usePrescriptionBlank(kind, patientId);
  const [saved, setSaved] = useState<IssuedPrescription | null>(null);
  const kindName = prescriptionKindLabel(kind, lang);

  let body: React.ReactNode;
  if (blank.isPending) body = <PageLoading />;
  else if (blank.isError) {
    const error = blank.error;
    // A refusal (e.g. a comparison-group member, another institution's patient) is said as the server says it.
    body =
      error instanceof ApiError && (error.code === 400 || error.code === 403) ? (
        <PrescriptionNotForComparison message={error.serverMessage} />
      ) : (
        <ErrorState error={error} onRetry={() => blank.refetch()} />
      );
  } else {
    body = (
      <PrescriptionForm
        // A fresh blank (after a save) starts a fresh form.
        key={blank.dataUpdatedAt}
        kind={kind}
        blank={blank.data}
        onSaved={(issued) => {
          setSaved(issued);
          toast.success(t('prescribe.saved'));
        }}
      />
    );
  }

  return (
    <Card
      style={{ marginTop: 12 }}
      title={<h2 style={{ margin: 0, fontSize: 18 }}>{t('prescribe.formTitle', { kind: kindName })}</h2>}
      data-testid={`prescription-${kind}`}
    >
      {saved && (
        <Notice
          type="success"
          closeLabel={t('prescribe.close')}
          onClose={() => setSaved(null)}
          title={t('prescribe.saved')}
          action={
            <Button size="small" onClick={() => onPrint(saved.id)}>
              {t('prescribe.savedAction')}
            </Button>
          }
          style={{ marginBottom: 12 }}
          data-testid="prescription-saved"
        />
      )}
      {body}
      <PrescriptionHistory kind={kind} patientId={patientId} onPrint={onPrint} />
    </Card>
  );
}
