import { RecordWorkspace } from '../../components/RecordWorkspace';

export default function SymptomScalePage() {
  return <RecordWorkspace current="symptomScale" />;
}
