import { useTranslation } from 'react-i18next';
import { WorkspaceRegion } from '../../components/RecordWorkspace';

export default function SleepPrescription() {
  const { t } = useTranslation();
  return <WorkspaceRegion title={t('prescribe.kinds.sleep')} />;
}
