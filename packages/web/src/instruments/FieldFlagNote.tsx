import { CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import useToken from 'antd/es/theme/useToken';

/**
 * A note under a field about its value, as soon as it is typed: `danger` is a danger value in red with
 * the threshold it crossed ("危急值（≥ 16.7 mmol/L）"); `check` is a value outside its usual range, in
 * amber, that the doctor is asked to confirm (it is stored as it is).
 */
export function FieldFlagNote({ tone, text, id, testId }: { tone: 'danger' | 'check'; text: string; id: string; testId: string }) {
  const [, token] = useToken();
  const colours =
    tone === 'danger'
      ? { color: token.colorError, background: token.colorErrorBg, borderColor: token.colorErrorBorder }
      : { color: token.colorWarning, background: token.colorWarningBg, borderColor: token.colorWarningBorder };
  return (
    <div id={id} className="instrument-field-flag" data-testid={testId} data-tone={tone} style={colours}>
      {tone === 'danger' ? <CloseCircleFilled aria-hidden /> : <ExclamationCircleFilled aria-hidden />} {text}
    </div>
  );
}
