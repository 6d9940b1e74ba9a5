import { RecordWorkspace } from '../../components/RecordWorkspace';

export default function LifeStylePage() {
  return <RecordWorkspace current="lifeStyle" />;
}
