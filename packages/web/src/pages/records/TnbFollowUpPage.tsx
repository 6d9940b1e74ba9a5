import { RecordWorkspace } from '../../components/RecordWorkspace';

export default function TnbFollowUpPage() {
  return <RecordWorkspace current="TNBFollowUp" />;
}
