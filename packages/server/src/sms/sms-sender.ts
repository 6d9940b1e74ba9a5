import type { Db } from '../db/client';
import { smsOutbox } from '../db/schema';

export interface SmsMessage {
  mobile: string;
  text: string;
  /** A part of the text (a verification code) that is delivered but never stored in the outbox. */
  secret?: string;
}

/** The text as the outbox keeps it: the secret, if any, masked. */
export function outboxText({ text, secret }: SmsMessage): string {
  return secret ? text.replaceAll(secret, '*'.repeat(secret.length)) : text;
}

/** A way to deliver a text message; the outbox row is written by `sendSms` whatever the provider. */
export interface SmsProvider {
  readonly name: string;
  deliver(message: SmsMessage): Promise<void>;
}

export interface SmsSender {
  /** Delivers at once and keeps the message in the outbox (verification codes). */
  send(db: Db, message: SmsMessage): Promise<void>;
  /** The provider itself, for messages the outbox already holds as `queued` (reminders). */
  readonly provider: SmsProvider;
}

export function createSmsSender(provider: SmsProvider): SmsSender {
  return {
    provider,
    async send(db, message) {
      try {
        await provider.deliver({ mobile: message.mobile, text: message.text });
        await db.insert(smsOutbox).values({
          mobile: message.mobile,
          text: outboxText(message),
          provider: provider.name,
          status: 'sent',
          attempts: 1,
          sentAt: new Date(),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const row = {
          mobile: message.mobile,
          text: outboxText(message),
          provider: provider.name,
          status: 'failed' as const,
          error: reason,
          attempts: 1,
          providerAnswer: reason,
        };
        await db.insert(smsOutbox).values(row);
        throw error;
      }
    },
  };
}
