import { RecordWorkspace } from '../../components/RecordWorkspace';

export default function FollowUpPage() {
  return <RecordWorkspace current="followUp" />;
}
