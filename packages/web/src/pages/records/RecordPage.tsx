import { useMatches } from 'react-router-dom';
import { RecordWorkspace } from '../../features/records/RecordWorkspace';
import { screenHandleOf } from '../../lib/routes';

/** Every record screen (RECORD_ROUTES): the workspace of the entry the route was generated from. */
export default function RecordPage() {
  const current = screenHandleOf(useMatches()).record;
  // Keyed, so that moving to another record screen mounts a fresh workspace, as a page of its own would.
  return current ? <RecordWorkspace key={current} current={current} /> : null;
}
