import type { ReactNode } from 'react';

/** Each screen's heading (h2 under the shell's h1) and its main actions. */
export function PageHeader({ title, extra }: { title: string; extra?: ReactNode }) {
  return (
    <div className="page-header">
      <h2>{title}</h2>
      {extra && <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>{extra}</div>}
    </div>
  );
}
