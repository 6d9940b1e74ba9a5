import { createServer, type Server } from 'node:http';

export interface SmsReceiver {
  url: string;
  messages: { mobile: string; text: string }[];
  /** Waits for the next code sent to a mobile and returns its six digits. */
  waitForCode(mobile: string, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

/** A stand-in SMS gateway for the server's `http` provider: it records every message POSTed to it. */
export async function startSmsReceiver(): Promise<SmsReceiver> {
  const messages: { mobile: string; text: string }[] = [];
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
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    messages,
    async waitForCode(mobile, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      const seen = messages.filter((m) => m.mobile === mobile).length;
      while (Date.now() < deadline) {
        const fresh = messages.filter((m) => m.mobile === mobile).slice(seen === 0 ? 0 : seen - 1);
        const code = fresh.at(-1)?.text.match(/\d{6}/)?.[0];
        if (code) return code;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no SMS code for ${mobile} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
