import type { SmsProvider } from './sms-sender';

/** POSTs `{mobile, text}` as JSON to a gateway URL; a non-2xx answer is a delivery failure. */
export function createHttpProvider(url: string, token?: string, timeoutMs = 10_000): SmsProvider {
  return {
    name: 'http',
    async deliver(message) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (token) headers.authorization = `Bearer ${token}`;
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
    },
  };
}
