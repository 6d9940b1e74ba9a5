import type { SmsProvider } from './sms-sender';

/** Development provider: prints the message on stdout (PRODUCT §2). */
export function createConsoleProvider(write: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): SmsProvider {
  return {
    name: 'console',
    async deliver({ mobile, text }) {
      write(`[sms] to=${mobile} text=${text}`);
    },
  };
}
