import type { VerificationPurpose } from '@tcm/contracts/api/auth';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendCode } from '../../api/auth';
import { toast } from '../../lib/toast';

/** The seed's resend interval when the server does not say (PRODUCT §2: 60 s between sends). */
export const DEFAULT_RESEND_SECONDS = 60;

interface Props {
  purpose: VerificationPurpose;
  /** Validates the mobile field and answers it, or null when it is not valid yet. */
  getMobile: () => Promise<string | null>;
}

/** 获取验证码 with a 60 s countdown; the deadline (not a counter) is kept so a busy tab stays exact. */
export function SmsCodeButton({ purpose, getMobile }: Props) {
  const { t } = useTranslation();
  const send = useSendCode(purpose);
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) setDeadline(null);
    }, 250);
    return () => window.clearInterval(timer);
  }, [deadline]);

  const secondsLeft = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));

  const onClick = async () => {
    const mobile = await getMobile();
    if (!mobile) return;
    try {
      const result = await send.mutateAsync(mobile);
      const seconds = result.resendAfterSeconds > 0 ? result.resendAfterSeconds : DEFAULT_RESEND_SECONDS;
      setNow(Date.now());
      setDeadline(Date.now() + seconds * 1000);
      toast.success(t('account.codeSent', { minutes: result.validMinutes }));
    } catch {
      // The API client has shown the server's reason (too many requests, not registered…).
    }
  };

  return (
    <Button onClick={onClick} loading={send.isPending} disabled={secondsLeft > 0} style={{ minWidth: 120 }} aria-live="polite">
      {secondsLeft > 0 ? t('account.resendIn', { seconds: secondsLeft }) : t('account.sendCode')}
    </Button>
  );
}
