import { ComparisonList } from './ComparisonList';

/** /userListTQQ: comparison members with pre-diabetes (role 0). */
export default function PreDiabetesListPage() {
  return <ComparisonList memberRole={0} key={0} />;
}
