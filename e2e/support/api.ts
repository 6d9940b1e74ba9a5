/** Direct API calls a journey makes outside the browser (e.g. the admin approving through the API). */
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

export async function apiLogin(baseUrl: string, username: string, password: string): Promise<string> {
  return (await api<{ token: string }>(baseUrl, 'POST', '/api/auth/login', { body: { username, password } })).token;
}
