import type { ReactNode } from 'react';

export interface PatientItem {
  key: number;
  title: ReactNode;
  description: ReactNode;
  action: ReactNode;
}

/**
 * The home cards' short lists of patients (search results, recently opened): a name line, a detail
 * line and one action, in the look of antd's List. A plain list: antd's List imports its Pagination
 * and, through it, the Select of the size changer (~30 kB gzip on the home screen) for lists that never
 * page.
 */
export function PatientItems({ items, empty, testId }: { items: readonly PatientItem[]; empty: ReactNode; testId?: string }) {
  if (items.length === 0) return <div data-testid={testId}>{empty}</div>;
  return (
    <ul className="patient-items" data-testid={testId}>
      {items.map((item) => (
        <li key={item.key} className="patient-item">
          <div className="patient-item-text">
            <div className="patient-item-title">{item.title}</div>
            <div className="patient-item-description">{item.description}</div>
          </div>
          {item.action}
        </li>
      ))}
    </ul>
  );
}
