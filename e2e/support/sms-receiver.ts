import { createServer, type Server } from 'node:http';

export interface SmsReceiver {
  url: string;
  messages: { mobile: string; text: string }[];
  /** Waits for the next code sent to a mobile and returns its six digits. */
  waitForCode(mobile: string, timeoutMs?: number): Promise<string>;
  /**
   * The code of the first message to `mobile` at index `since` or later of `messages`: take
   * `messages.length` before the action that sends it, so an earlier code is never mistaken for it.
   */
  nextCode(mobile: string, since: number, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

/** A stand-in SMS gateway for the server's `http` provider: it records every message POSTed to it. */
export async function startSmsReceiver(): Promise<SmsReceiver> {
  const messages: { mobile: string; text: string }[] = [];
  // Waiting for a code is waiting for a message: each arrival wakes the waiters up.
  const arrivals = new Set<() => void>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      try {
        messages.push(JSON.parse(body));
        res.statusCode = 200;
      } catch {
        res.statusCode = 400;
      }
      res.end('{}');
      for (const wake of arrivals) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  /** Resolves with what `found` answers once it answers something, re-asked at each arrival. */
  const waitFor = (found: () => string | undefined, timeoutMs: number, what: string) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const code = found();
        if (!code) return;
        done();
        resolve(code);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no SMS code for ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        arrivals.delete(check);
      };
      arrivals.add(check);
      check();
    });
  return {
    url: `http://127.0.0.1:${port}/sms`,
    messages,
    waitForCode(mobile, timeoutMs = 10_000) {
      const seen = messages.filter((m) => m.mobile === mobile).length;
      const found = () => {
        const fresh = messages.filter((m) => m.mobile === mobile).slice(seen === 0 ? 0 : seen - 1);
        return fresh.at(-1)?.text.match(/\d{6}/)?.[0];
      };
      return waitFor(found, timeoutMs, mobile);
    },
    nextCode(mobile, since, timeoutMs = 20_000) {
      const found = () =>
        messages
          .slice(since)
          .find((m) => m.mobile === mobile && /\d{6}/.test(m.text))
          ?.text.match(/\d{6}/)?.[0];
      return waitFor(found, timeoutMs, mobile);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
