import { useTranslation } from 'react-i18next';
import { WorkspaceRegion } from '../../components/RecordWorkspace';

export default function OtherPrescription() {
  const { t } = useTranslation();
  return <WorkspaceRegion title={t('prescribe.kinds.other')} />;
}
