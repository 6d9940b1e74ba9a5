/*
 * Test support (not shipped): the network, faked at the HTTP boundary. The app's one axios client
 * (api/client.ts) gets an adapter that answers each request from the test's handlers with the
 * server's real `{code, data, message}` envelope and HTTP status; everything above the adapter
 * (interceptors, envelope rules, query cache, components) runs as in the browser.
 */
import { API_BASE, type Envelope, ResponseCode } from '@tcm/contracts/api/envelope';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { http } from '../api/client';
import { resetAfterEachTest } from './after-each';

export interface FakeRequest {
  method: string;
  /** The path under /prod-api, without the query string. */
  path: string;
  params: Record<string, unknown>;
  body: unknown;
}

/** A handler's answer: the HTTP status and the envelope the server would send. */
export interface FakeAnswer {
  status: number;
  body: Envelope<unknown>;
}

type Handler = (request: FakeRequest, match: RegExpExecArray) => FakeAnswer | Promise<FakeAnswer>;

export const ok = (data: unknown): FakeAnswer => ({ status: 200, body: { code: ResponseCode.OK, data, message: '操作成功' } });
/** A refusal as the server's error handler sends it (HTTP status = code for the 4xx codes). */
export const refuse = (code: number, message: string, data: unknown = {}): FakeAnswer => ({
  status: code >= 400 && code < 600 ? code : 200,
  body: { code, data, message },
});

export class FakeServer {
  readonly requests: FakeRequest[] = [];
  private readonly routes: { method: string; pattern: RegExp; handler: Handler }[] = [];

  /** Answers `METHOD /path` (`:name` matches one path segment); a later route wins over an earlier one. */
  on(method: string, path: string, handler: Handler): this {
    const pattern = new RegExp(`^${path.replace(/:\w+/g, '([^/]+)')}$`);
    this.routes.unshift({ method: method.toUpperCase(), pattern, handler });
    return this;
  }

  /** The requests sent so far to `METHOD /path` (a regular expression over the path), oldest first. */
  sent(method: string, path: RegExp | string): FakeRequest[] {
    return this.requests.filter(
      (r) => r.method === method.toUpperCase() && (typeof path === 'string' ? r.path === path : path.test(r.path)),
    );
  }

  readonly adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const url = (config.url ?? '').replace(/^\/prod-api/, '');
    const [path = ''] = url.split('?');
    const request: FakeRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      path,
      params: { ...(config.params ?? {}) },
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    this.requests.push(request);
    for (const route of this.routes) {
      const match = route.method === request.method ? route.pattern.exec(path) : null;
      if (!match) continue;
      const answer = await route.handler(request, match);
      const response: AxiosResponse = {
        data: JSON.stringify(answer.body), // as it comes off the wire: axios parses it
        status: answer.status,
        statusText: String(answer.status),
        headers: { 'content-type': 'application/json; charset=utf-8' },
        config,
        request: {},
      };
      if (answer.status >= 200 && answer.status < 300) return response;
      throw new AxiosError(`Request failed with status code ${answer.status}`, 'ERR_BAD_REQUEST', config, {}, response);
    }
    throw new Error(`fake server: no route for ${request.method} ${API_BASE}${path}`);
  };
}

/** Puts a fresh fake server behind the app's HTTP client for the current test. */
export function fakeServer(): FakeServer {
  const server = new FakeServer();
  http.defaults.adapter = server.adapter;
  return server;
}

const realAdapter = http.defaults.adapter;
resetAfterEachTest(() => {
  http.defaults.adapter = realAdapter;
});
