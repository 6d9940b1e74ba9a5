import { PrinterOutlined } from '@ant-design/icons';
import type { IssuedPrescription } from '@tcm/contracts/api/prescription';
import { prescriptionKindLabel } from '@tcm/contracts/prescriptions/labels';
import { describePrescription } from '@tcm/contracts/prescriptions/print';
import { Button, Space, theme } from 'antd';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { usePatientDetail } from '../../api/patients';
import { usePatientStore } from '../../stores/patient';
import { colonOf, formatIssued, usePrescriptionLang } from './PrescriptionText';
import './PrescriptionSheet.css';
import { Notice } from '../../components/Notice';

/** The lines of a saved prescription in plain words (the contracts' describePrescription). */
export function usePrescriptionLines(issued: IssuedPrescription): string[] {
  const lang = usePrescriptionLang();
  // The union of the seven kinds narrows per kind inside describePrescription; here any kind goes.
  return describePrescription(issued.kind, issued.content as never, lang);
}

/** The A4 sheet: programme, kind, patient, date, doctor, institution, the ticked items in plain words. */
function Sheet({ issued, testId }: { issued: IssuedPrescription; testId?: string }) {
  const { t } = useTranslation();
  const lang = usePrescriptionLang();
  const info = usePatientStore((s) => s.patientInfo);
  const detail = usePatientDetail(issued.patientId).data;
  const lines = usePrescriptionLines(issued);
  // The print copy lives outside the app's root, where antd's font does not reach: the sheet names it.
  const { token } = theme.useToken();
  const gender = detail?.gender ?? info?.gender;
  const age = detail?.age ?? info?.age;
  const rows: [string, string][] = [
    [t('prescribe.sheet.patient'), detail?.name ?? info?.name ?? '—'],
    [t('prescribe.sheet.gender'), gender ? t(`gender.${gender}`) : '—'],
    [t('prescribe.sheet.age'), age !== undefined ? t('common.ageYears', { age }) : '—'],
    [t('prescribe.sheet.date'), formatIssued(issued.issuedAt)],
    [t('prescribe.sheet.doctor'), issued.doctorName],
    [t('prescribe.sheet.institution'), detail?.institutionName ?? '—'],
  ];
  return (
    <article className="prescription-sheet" data-testid={testId} style={{ fontFamily: token.fontFamily }}>
      <h2>{t('app.title')}</h2>
      <h3>{prescriptionKindLabel(issued.kind, lang)}</h3>
      <dl className="prescription-sheet-info">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>
              {term}
              {colonOf(lang)}
            </dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {lines.length > 0 ? (
        <ol className="prescription-sheet-body">
          {lines.map((line, i) => (
            // Lines can repeat (two constitutions' advice); their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: static list, never reordered
            <li key={i}>{line}</li>
          ))}
        </ol>
      ) : (
        <p className="prescription-sheet-body">{t('prescribe.noItems')}</p>
      )}
      <footer className="prescription-sheet-footer">
        <span>{t('prescribe.sheet.footer')}</span>
        <span>
          {t('prescribe.sheet.signature')}
          {colonOf(lang)}
          <span className="prescription-signature" />
        </span>
      </footer>
    </article>
  );
}

/**
 * The print view of one prescription: a preview on screen, and a copy outside the app's root that is
 * the only thing shown when printing (@media print in PrescriptionSheet.css), so the shell never prints.
 */
export function PrescriptionPrintView({ issued, onBack }: { issued: IssuedPrescription; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="prescription-print-title" data-testid="prescription-print-view">
      <h2 id="prescription-print-title" style={{ fontSize: 18, margin: '0 0 8px' }}>
        {t('prescribe.printView')}
      </h2>
      <Notice type="info" title={t('prescribe.printHint')} style={{ marginBottom: 12 }} />
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()}>
          {t('prescribe.print')}
        </Button>
        <Button onClick={onBack}>{t('prescribe.back')}</Button>
      </Space>
      <div className="prescription-sheet-preview">
        <Sheet issued={issued} testId="prescription-sheet" />
      </div>
      {createPortal(
        <div className="prescription-print-root" data-testid="prescription-print-root">
          <Sheet issued={issued} />
        </div>,
        document.body,
      )}
    </section>
  );
}
