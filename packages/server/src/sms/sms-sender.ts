import type { Db } from '../db/client';
import { smsOutbox } from '../db/schema';

export interface SmsMessage {
  mobile: string;
  text: string;
}

/** A way to deliver a text message; the outbox row is written by `sendSms` whatever the provider. */
export interface SmsProvider {
  readonly name: string;
  deliver(message: SmsMessage): Promise<void>;
}

export interface SmsSender {
  send(db: Db, message: SmsMessage): Promise<void>;
}

export function createSmsSender(provider: SmsProvider): SmsSender {
  return {
    async send(db, message) {
      try {
        await provider.deliver(message);
        await db.insert(smsOutbox).values({ ...message, provider: provider.name, status: 'sent' });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await db.insert(smsOutbox).values({ ...message, provider: provider.name, status: 'failed', error: reason });
        throw error;
      }
    },
  };
}
