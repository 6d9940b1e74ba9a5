import { RecordWorkspace } from '../../components/RecordWorkspace';

export default function DiagnosticRecordPage() {
  return <RecordWorkspace current="diagnosticRecord" />;
}
