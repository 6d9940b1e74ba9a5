import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';
import { PlainOnFailure } from './PlainOnFailure';

const AntResult = lazy(() => import('./AntResult'));

/**
 * antd's Result (a failure, a page that does not exist, no access), fetched when first shown instead
 * of with every screen. Nothing is shown for the moment it takes; if the fetch itself fails (the
 * network is down, or a deployment removed the file), the same title, text and actions are shown
 * without the illustration.
 */
export function StatusResult(props: ResultProps) {
  const plain = (
    <div style={{ padding: '48px 32px', textAlign: 'center' }}>
      <div style={{ fontSize: 24, marginBottom: 8 }}>{props.title}</div>
      {props.subTitle && <div style={{ color: 'var(--ant-color-text-tertiary)', marginBottom: 24 }}>{props.subTitle}</div>}
      {props.extra}
    </div>
  );
  return (
    <PlainOnFailure plain={plain}>
      <Suspense fallback={null}>
        <AntResult {...props} />
      </Suspense>
    </PlainOnFailure>
  );
}
