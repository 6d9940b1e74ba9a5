import { type ReactNode, useId } from 'react';

/** What a field's control needs to be named by its label and described by its message. */
export interface AuthFieldControl {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  status: 'error' | undefined;
}

/**
 * One labelled field of the login form, with its message under the control. The login screen is the
 * first download, so it does not use antd's Form (its field store, validator, grid and tooltip are
 * ~40 kB gzip, the bundle budget's login limit); the other account screens do.
 */
export function AuthField({
  label,
  error,
  children,
}: {
  label: string;
  error: string | undefined;
  children: (control: AuthFieldControl) => ReactNode;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': error !== undefined,
        'aria-describedby': error ? messageId : undefined,
        status: error ? 'error' : undefined,
      })}
      <div id={messageId} className="auth-field-message" role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}
