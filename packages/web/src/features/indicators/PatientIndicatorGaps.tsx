import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ToneTag } from '../../components/status-tags';
import { usePatientGaps } from './api';

/**
 * The management indicators a patient currently fails (基线未完成, 随访逾期, …), on the patient's
 * panel, so the doctor fixes the record rather than the figure. Nothing shows while there is none.
 */
export function PatientIndicatorGaps({ patientId }: { patientId: number | null }) {
  const { t } = useTranslation();
  const gaps = usePatientGaps(patientId);
  const list = gaps.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <Space wrap size={4} data-testid="patient-indicator-gaps" style={{ marginTop: 8 }}>
      <span>{t('indicators.patientGaps')}</span>
      {list.map((gap) => (
        // The app's tones pass the contrast check on white; antd's preset orange does not.
        <span key={gap.key} title={gap.since ? t('indicators.gapSince', { date: gap.since }) : undefined}>
          <ToneTag tone="orange" testId={`patient-gap-${gap.key}`}>
            {t(`indicators.gaps.${gap.key}`)}
          </ToneTag>
        </span>
      ))}
    </Space>
  );
}
