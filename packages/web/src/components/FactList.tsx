import type { ReactNode } from 'react';

export interface Fact {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

interface Props {
  facts: readonly Fact[];
  /** In columns, each fact in a bordered cell with its label shaded (the derived values of a record). */
  bordered?: boolean;
  className?: string;
}

/**
 * Label–value pairs as a description list (`<dl>`: each label a `<dt>`, its value a `<dd>`): side by
 * side and wrapping, or bordered in as many columns as fit. It replaces antd's Descriptions (a
 * table-based layout with its own responsive observer) on the screens that show a patient or a record.
 */
export function FactList({ facts, bordered = false, className }: Props) {
  const classes = ['fact-list', bordered ? 'is-bordered' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <dl className={classes}>
      {facts.map((fact) => (
        <div key={fact.key} className="fact">
          <dt>{fact.label}</dt>
          <dd>{fact.children}</dd>
        </div>
      ))}
    </dl>
  );
}
