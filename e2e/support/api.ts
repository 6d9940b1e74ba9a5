/** One call of the app's API outside the browser: the envelope unwrapped, anything but code 0 thrown (fixtures/data.ts's AppApi). */
export async function api<T>(baseUrl: string, method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.token) headers.satoken = options.token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}/prod-api${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const json = (await res.json()) as { code: number; message: string; data: T };
  if (json.code !== 0) throw new Error(`${method} ${path}: ${json.code} ${json.message}`);
  return json.data;
}
