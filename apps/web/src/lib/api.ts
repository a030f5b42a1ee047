import {
  isSuccess,
  LIMITS,
  WARNING_STATUS,
  type Envelope,
  type FailureEnvelope,
} from '@envmon/shared';
import { i18n, translateDesc } from './i18n';
import { notifier, type Notifier } from './notify';
import { tokenStore } from './token';

/**
 * The one api client (STYLE.md rule 6): sends the token, unwraps the spec's envelope and
 * returns `data`, shows the toasts of SPEC section 8, and sends the user back to sign-in on 401.
 */

const HTTP_UNAUTHORIZED = 401;
const HTTP_FORBIDDEN = 403;

export type ApiErrorKind = 'http' | 'body' | 'network' | 'timeout' | 'unauthorized' | 'forbidden';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    /** What the user was told (already translated where the message is known). */
    readonly desc: string,
    /** HTTP status, null when no response arrived. */
    readonly httpStatus: number | null = null,
    /** The envelope's status and code, when the body was one. */
    readonly status: number | null = null,
    readonly code: string | null = null,
    /** The failure envelope's data: the details some refusals carry (an import's row report). */
    readonly data: unknown = null,
  ) {
    super(desc);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Scalar = string | number | boolean;
export type QueryParams = Record<string, Scalar | readonly Scalar[] | null | undefined>;

export interface RequestOptions {
  params?: QueryParams;
  /** Milliseconds; defaults to the spec's request timeout. */
  timeout?: number;
  /** No success toast (sign-in, sign-out, background calls). */
  silent?: boolean;
  /** No failure toast: the caller shows the error itself. 401 still signs out. */
  quiet?: boolean;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  notifier: Notifier;
  getToken(): string | null;
  /** Called on HTTP 401 after the token is known to be bad. */
  onUnauthorized(): void;
  t(key: string, options?: Record<string, unknown>): string;
  translateDesc(desc: string): string;
  openWindow(url: string): void;
}

/** Appends non-empty parameters: empty filters must not reach the server as '' (it would coerce them). */
export function buildUrl(url: string, params?: QueryParams): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly Scalar[]) search.append(key, String(item));
    } else {
      search.append(key, String(value));
    }
  }
  const query = search.toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { status?: unknown }).status === 'number' &&
    typeof (body as { code?: unknown }).code === 'string'
  );
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

/** POST and the GET delete call are the spec's mutations that announce success. */
function announcesSuccess(method: string, url: string): boolean {
  return method === 'POST' || /\/delete(\?|$)/.test(url);
}

export function createApiClient(deps: ApiClientDeps) {
  async function request<T>(method: 'GET' | 'POST', url: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    const { params, timeout = LIMITS.requestTimeoutMs, silent = false, quiet = false } = options;
    const headers: Record<string, string> = {};
    const token = deps.getToken();
    if (token) headers.token = token;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) {
      payload = body;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeout);

    const fail = (error: ApiError, level: 'warning' | 'error' = 'error'): never => {
      if (!quiet) {
        if (level === 'warning') deps.notifier.warning(error.desc);
        else deps.notifier.error(error.desc, LIMITS.toastDurationMs);
      }
      throw error;
    };

    let response: Response;
    try {
      response = await deps.fetch(buildUrl(url, params), {
        method,
        headers,
        body: payload,
        signal: controller.signal,
      });
    } catch {
      return timedOut
        ? fail(new ApiError('timeout', deps.t('common.request.timeout')))
        : fail(new ApiError('network', deps.t('common.request.network')));
    } finally {
      clearTimeout(timer);
    }

    const json = await readJson(response);
    const envelope = isEnvelope(json) ? json : null;
    const desc = envelope?.desc ? deps.translateDesc(envelope.desc) : '';

    if (response.status === HTTP_UNAUTHORIZED) {
      const hadToken = token !== null;
      deps.onUnauthorized();
      const error = new ApiError('unauthorized', desc || deps.t('common.messages.notSignedIn'), response.status);
      // Only a session that ended deserves a word (even for quiet calls: nobody else will say it);
      // a visitor without one is just sent to sign in.
      if (!hadToken) throw error;
      deps.notifier.warning(error.desc);
      throw error;
    }
    if (response.status === HTTP_FORBIDDEN) {
      return fail(new ApiError('forbidden', deps.t('common.messages.noPermission'), response.status), 'warning');
    }
    if (!envelope) {
      return fail(
        new ApiError(
          'http',
          response.ok ? deps.t('common.request.badResponse') : deps.t('common.request.httpError', { status: response.status }),
          response.status,
        ),
      );
    }
    if (!response.ok) {
      return fail(
        new ApiError('http', desc || deps.t('common.request.httpError', { status: response.status }), response.status, envelope.status, envelope.code),
      );
    }
    if (isSuccess(envelope)) {
      if (!silent && announcesSuccess(method, url)) {
        deps.notifier.success(desc || deps.t('common.messages.operationSucceeded'));
      }
      return envelope.data as T;
    }
    const failure: FailureEnvelope = envelope;
    const error = new ApiError(
      'body',
      desc || deps.t('common.request.failed'),
      response.status,
      failure.status,
      failure.code,
      failure.data,
    );
    return fail(error, failure.status === WARNING_STATUS ? 'warning' : 'error');
  }

  function download(url: string, params?: QueryParams): void {
    deps.openWindow(buildUrl(url, { ...params, token: deps.getToken() }));
  }

  return {
    get<T>(url: string, params?: QueryParams, options: Omit<RequestOptions, 'params'> = {}): Promise<T> {
      return request<T>('GET', url, undefined, { ...options, params });
    },
    post<T>(url: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
      return request<T>('POST', url, body, options);
    },
    /** Multipart upload (batch import); uses the longer export timeout since files can be large. */
    upload<T>(url: string, file: Blob, options: RequestOptions & { fieldName?: string; fileName?: string } = {}): Promise<T> {
      const { fieldName = 'file', fileName, ...rest } = options;
      const form = new FormData();
      if (fileName === undefined) form.append(fieldName, file);
      else form.append(fieldName, file, fileName);
      return request<T>('POST', url, form, { timeout: LIMITS.exportTimeoutMs, ...rest });
    },
    /** Opens a file route in a new window; the browser cannot send headers there, so the token rides in the query. */
    download,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const api = createApiClient({
  fetch: (input, init) => fetch(input, init),
  notifier,
  getToken: () => tokenStore.get(),
  // The navigation guard watches the token: once it is gone it sends the user to /login?redirect=….
  onUnauthorized: () => tokenStore.clear(),
  t: (key, options) => i18n.t(key, options),
  translateDesc,
  openWindow: (url) => {
    window.open(url, '_blank', 'noopener');
  },
});
