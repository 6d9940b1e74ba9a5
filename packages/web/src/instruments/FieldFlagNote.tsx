import { CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';

/**
 * A note under a field about its value, as soon as it is typed: `danger` is a danger value in red with
 * the threshold it crossed ("危急值（≥ 16.7 mmol/L）"); `check` is a value outside its usual range, in
 * amber, that the doctor is asked to confirm (it is stored as it is).
 */
export function FieldFlagNote({ tone, text, id, testId }: { tone: 'danger' | 'check'; text: string; id: string; testId: string }) {
  const colours =
    tone === 'danger'
      ? { color: 'var(--ant-color-error)', background: 'var(--ant-color-error-bg)', borderColor: 'var(--ant-color-error-border)' }
      : { color: 'var(--ant-color-warning)', background: 'var(--ant-color-warning-bg)', borderColor: 'var(--ant-color-warning-border)' };
  return (
    <div id={id} className="instrument-field-flag" data-testid={testId} data-tone={tone} style={colours}>
      {tone === 'danger' ? <CloseCircleFilled aria-hidden /> : <ExclamationCircleFilled aria-hidden />} {text}
    </div>
  );
}
