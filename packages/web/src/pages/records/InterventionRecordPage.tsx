import { RecordWorkspace } from '../../components/RecordWorkspace';

export default function InterventionRecordPage() {
  return <RecordWorkspace current="InterventionRecord" />;
}
