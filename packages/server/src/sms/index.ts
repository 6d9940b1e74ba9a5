import type { Config } from '../config';
import { createConsoleProvider } from './console-provider';
import { createHttpProvider } from './http-provider';
import { createSmsSender, type SmsSender } from './sms-sender';

export function smsSenderFromConfig(sms: Config['sms']): SmsSender {
  if (sms.provider === 'http' && sms.httpUrl) return createSmsSender(createHttpProvider(sms.httpUrl, sms.httpToken));
  return createSmsSender(createConsoleProvider());
}
export type { SmsSender } from './sms-sender';
