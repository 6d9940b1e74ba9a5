import { API_BASE, BACKGROUND_POLL_HEADER, IDEMPOTENCY_KEY_HEADER, REQUEST_TIMEOUT_MS, TOKEN_HEADER } from '@tcm/contracts/api/transport';
import axios, { type AxiosRequestConfig, type AxiosResponse, isAxiosError } from 'axios';
import { useSessionStore } from '../stores/session';
import { filenameFromContentDisposition } from './content-disposition';
import { clientEffects } from './effects';
import { type Failure, interpretBlobBody, interpretEnvelope, interpretHttpError } from './envelope';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The caller shows the error itself (e.g. inline on the login form); no toast. Expiry is still handled. */
    silent?: boolean;
    /** A call the app makes by itself on a timer: the server does not count it as the user's activity. */
    background?: boolean;
    /** A create call's key: one per submit, the same on its retries, so that the server creates once. */
    idempotencyKey?: string;
  }
}

/** How long a create call waits for an answer before the form says so and offers to retry. */
export const SAVE_TIMEOUT_MS = 15_000;

/** A fresh key for one submit of a create form. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** A failed call. The message (if any) has already been shown unless the request was silent. */
export class ApiError extends Error {
  constructor(
    /** The envelope code, the HTTP status when there was no envelope, or null for network failures. */
    readonly code: number | null,
    /** The server's text; null when the generic fallback applies. */
    readonly serverMessage: string | null,
    readonly isSessionExpired = false,
    /** The envelope's `data` of a refusal (e.g. `{ errors }` of a record save), null when it had none. */
    readonly data: unknown = null,
    /** Why there was no answer at all: timed out, or the network failed (offline); null when there was one. */
    readonly noAnswer: 'timeout' | 'network' | null = null,
  ) {
    super(serverMessage ?? 'request failed');
    this.name = 'ApiError';
  }
}

/** The one HTTP client of the app (spec §7): base /prod-api, 50 s, JSON, the satoken header. */
export const http = axios.create({
  baseURL: API_BASE,
  timeout: REQUEST_TIMEOUT_MS,
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
});

http.interceptors.request.use((config) => {
  const token = useSessionStore.getState().token;
  if (token) config.headers.set(TOKEN_HEADER, token);
  if (config.background) config.headers.set(BACKGROUND_POLL_HEADER, '1');
  if (config.idempotencyKey) config.headers.set(IDEMPOTENCY_KEY_HEADER, config.idempotencyKey);
  return config;
});

/** Performs the side effects of a failed outcome and answers the error to reject with. */
function fail(outcome: Failure, config: AxiosRequestConfig | undefined): ApiError {
  if (outcome.kind === 'expired') {
    clientEffects().expireSession();
    return new ApiError(900, null, true);
  }
  if (!config?.silent) clientEffects().showError(outcome.message);
  return new ApiError(outcome.code, outcome.message, false, outcome.data ?? null);
}

async function blobText(blob: unknown): Promise<string> {
  return blob instanceof Blob ? blob.text() : typeof blob === 'string' ? blob : '';
}

http.interceptors.response.use(
  async (response) => {
    if (response.config.responseType === 'blob') {
      // Files skip the envelope, but an export the server refuses comes back as a JSON envelope.
      const contentType = String(response.headers['content-type'] ?? '');
      const text = contentType.includes('json') ? await blobText(response.data) : '';
      const refused = interpretBlobBody(contentType, () => text);
      if (refused) throw fail(refused, response.config);
      return response;
    }
    const outcome = interpretEnvelope(response.data);
    if (outcome.kind !== 'ok') throw fail(outcome, response.config);
    response.data = outcome.data;
    return response;
  },
  async (error: unknown) => {
    if (error instanceof ApiError) throw error;
    if (!isAxiosError(error)) throw fail({ kind: 'error', code: null, message: null }, undefined);
    if (axios.isCancel(error)) throw error;
    const { response, config } = error;
    if (!response) {
      // No answer at all: timeout or network. Still a message a person understands.
      const reason = error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT' ? 'timeout' : 'network';
      if (!config?.silent) clientEffects().showError(null, reason);
      throw new ApiError(null, null, false, null, reason);
    }
    const body = response.config.responseType === 'blob' ? await blobText(response.data) : response.data;
    throw fail(interpretHttpError(response.status, body), config);
  },
);

type Options = Pick<AxiosRequestConfig, 'silent' | 'signal' | 'background' | 'idempotencyKey' | 'timeout'>;

/** Options of a create call: its key, and the shorter wait after which the form offers a retry. */
export const createCall = (idempotencyKey: string = newIdempotencyKey()): Options => ({ idempotencyKey, timeout: SAVE_TIMEOUT_MS });

export const api = {
  get: <T>(url: string, params?: object, options?: Options) => http.get<T>(url, { params, ...options }).then((r) => r.data),
  post: <T>(url: string, body?: unknown, options?: Options) => http.post<T>(url, body ?? {}, options).then((r) => r.data),
  put: <T>(url: string, body?: unknown, options?: Options) => http.put<T>(url, body ?? {}, options).then((r) => r.data),
  delete: <T>(url: string, params?: object, options?: Options) => http.delete<T>(url, { params, ...options }).then((r) => r.data),
};

/**
 * Downloads a file answer (an export) under the name the server gives in Content-Disposition, and
 * answers that name. `onProgress` hears the bytes received so far: the server streams the file as
 * it writes the rows, so the count grows while the export runs.
 */
export async function downloadFile(
  url: string,
  params?: object,
  fallbackName = 'export.xlsx',
  onProgress?: (receivedBytes: number) => void,
): Promise<string> {
  const response: AxiosResponse<Blob> = await http.get(url, {
    params,
    responseType: 'blob',
    ...(onProgress ? { onDownloadProgress: (event) => onProgress(event.loaded) } : {}),
  });
  const name = filenameFromContentDisposition(String(response.headers['content-disposition'] ?? '')) ?? fallbackName;
  const href = URL.createObjectURL(response.data);
  try {
    const link = document.createElement('a');
    link.href = href;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next tick: revoking synchronously cancels the download in some browsers.
    setTimeout(() => URL.revokeObjectURL(href), 0);
  }
  return name;
}
