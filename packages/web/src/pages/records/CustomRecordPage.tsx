import { RecordWorkspace } from '../../components/RecordWorkspace';

export default function CustomRecordPage() {
  return <RecordWorkspace current="custom" />;
}
