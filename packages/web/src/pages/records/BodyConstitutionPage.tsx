import { RecordWorkspace } from '../../components/RecordWorkspace';

export default function BodyConstitutionPage() {
  return <RecordWorkspace current="bodyConstitution" />;
}
