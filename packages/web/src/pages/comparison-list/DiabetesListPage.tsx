import { ComparisonList } from './ComparisonList';

/** /userListTNB: comparison members with diabetes (role 1). */
export default function DiabetesListPage() {
  return <ComparisonList memberRole={1} key={1} />;
}
