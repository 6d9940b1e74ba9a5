import { message } from 'antd';
import { useEffect } from 'react';
import { registerToast, TOAST_SECONDS } from '../lib/toast';

/** antd's hook-based message API, registered for lib/toast; loaded lazily by App (see lib/toast). */
export default function ToastHost() {
  const [messageApi, holder] = message.useMessage({ duration: TOAST_SECONDS, maxCount: 5 });
  useEffect(() => {
    registerToast(messageApi);
    return () => registerToast(null);
  }, [messageApi]);
  return holder;
}
