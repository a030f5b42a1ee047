import { isSuccess, LIMITS, WARNING_STATUS, type Envelope, type FailureEnvelope, type HttpMethod } from '@envmon/shared';
import { i18n } from './i18n';
import { notifier, type Notifier } from './notify';
import { tokenStore } from './token';

/**
 * The one api client (STYLE.md rule 6): sends the token and the console's language, unwraps the spec's envelope and
 * returns `data`, shows the toasts of SPEC section 8, and sends the user back to sign-in on 401.
 */

const HTTP_UNAUTHORIZED = 401;
const HTTP_FORBIDDEN = 403;

export type ApiErrorKind = 'http' | 'body' | 'network' | 'timeout' | 'unauthorized' | 'forbidden';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    /** What the user was told (the server writes its desc in the console's language). */
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
  /** The console's language, sent as Accept-Language: the server writes desc in it. */
  language(): string;
  /** Hands a downloaded file to the browser to save under `fileName`. */
  saveFile(file: Blob, fileName: string): void;
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

/** POST, DELETE and the GET delete call are the spec's mutations that announce success. */
function announcesSuccess(method: string, url: string): boolean {
  return method !== 'GET' || /\/delete(\?|$)/.test(url);
}

/** A download's file name: Content-Disposition's filename* (RFC 5987, UTF-8) first, then filename, else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const extended = disposition?.match(/filename\*\s*=\s*UTF-8''([^;]+)/i)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed encoding: the plain name below, or the fallback.
    }
  }
  const plain = disposition?.match(/filename\s*=\s*"?([^";]+)"?/i)?.[1]?.trim();
  return plain || fallback;
}

const isJsonResponse = (response: Response) =>
  (response.headers.get('content-type') ?? '').toLowerCase().includes('application/json');

export function createApiClient(deps: ApiClientDeps) {
  const fail = (error: ApiError, quiet: boolean, level: 'warning' | 'error' = 'error'): never => {
    if (!quiet) {
      if (level === 'warning') deps.notifier.warning(error.desc);
      else deps.notifier.error(error.desc, LIMITS.toastDurationMs);
    }
    throw error;
  };

  /** Sends with the token; a timeout or a network failure is told and thrown. */
  async function send(
    method: HttpMethod,
    url: string,
    init: { headers: Record<string, string>; body?: BodyInit },
    timeout: number,
    quiet: boolean,
  ): Promise<Response> {
    const token = deps.getToken();
    if (token) init.headers.token = token;
    init.headers['Accept-Language'] = deps.language();
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeout);
    try {
      return await deps.fetch(url, { method, headers: init.headers, body: init.body, signal: controller.signal });
    } catch {
      return timedOut
        ? fail(new ApiError('timeout', deps.t('common.request.timeout')), quiet)
        : fail(new ApiError('network', deps.t('common.request.network')), quiet);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Reads the envelope of a response: its data, or the failure told (per SPEC section 8) and thrown. */
  async function settle<T>(
    response: Response,
    sentToken: boolean,
    method: HttpMethod,
    url: string,
    { silent = false, quiet = false }: Pick<RequestOptions, 'silent' | 'quiet'>,
  ): Promise<T> {
    const json = await readJson(response);
    const envelope = isEnvelope(json) ? json : null;
    // Written by the server in the console's language (sent as Accept-Language), shown as it comes.
    const desc = envelope?.desc ?? '';

    if (response.status === HTTP_UNAUTHORIZED) {
      deps.onUnauthorized();
      const error = new ApiError('unauthorized', desc || deps.t('common.messages.notSignedIn'), response.status);
      // Only a session that ended deserves a word (even for quiet calls: nobody else will say it);
      // a visitor without one is just sent to sign in.
      if (!sentToken) throw error;
      deps.notifier.warning(error.desc);
      throw error;
    }
    if (response.status === HTTP_FORBIDDEN) {
      return fail(new ApiError('forbidden', deps.t('common.messages.noPermission'), response.status), quiet, 'warning');
    }
    if (!envelope) {
      return fail(
        new ApiError(
          'http',
          response.ok
            ? deps.t('common.request.badResponse')
            : deps.t('common.request.httpError', { status: response.status }),
          response.status,
        ),
        quiet,
      );
    }
    if (!response.ok) {
      return fail(
        new ApiError(
          'http',
          desc || deps.t('common.request.httpError', { status: response.status }),
          response.status,
          envelope.status,
          envelope.code,
        ),
        quiet,
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
    return fail(error, quiet, failure.status === WARNING_STATUS ? 'warning' : 'error');
  }

  async function request<T>(
    method: HttpMethod,
    url: string,
    body: unknown,
    options: RequestOptions = {},
  ): Promise<T> {
    const { params, timeout = LIMITS.requestTimeoutMs, quiet = false } = options;
    const headers: Record<string, string> = {};
    let payload: BodyInit | undefined;
    if (body instanceof FormData) {
      payload = body;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const sentToken = deps.getToken() !== null;
    const response = await send(method, buildUrl(url, params), { headers, body: payload }, timeout, quiet);
    return settle<T>(response, sentToken, method, url, options);
  }

  /**
   * A file route (templates, server logs): fetched with the token in its header — never in the URL, where it
   * would stay in the browser's history and the server's access logs — and handed to the browser to save.
   * A refusal (an envelope) is told like any other call's.
   */
  async function download(url: string, params?: QueryParams): Promise<void> {
    const sentToken = deps.getToken() !== null;
    const response = await send('GET', buildUrl(url, params), { headers: {} }, LIMITS.exportTimeoutMs, false);
    if (response.ok && !isJsonResponse(response)) {
      const fallback = url.split('/').pop() ?? 'download';
      deps.saveFile(await response.blob(), fileNameOf(response.headers.get('content-disposition'), fallback));
      return;
    }
    await settle(response, sentToken, 'GET', url, {});
  }

  return {
    get<T>(url: string, params?: QueryParams, options: Omit<RequestOptions, 'params'> = {}): Promise<T> {
      return request<T>('GET', url, undefined, { ...options, params });
    },
    post<T>(url: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
      return request<T>('POST', url, body, options);
    },
    /** The spec's PUT calls (jobs: update, changeStatus, run): a JSON body, like POST. */
    put<T>(url: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
      return request<T>('PUT', url, body, options);
    },
    /** The spec's few DELETE calls (devops deleteFile): parameters in the query, like the GET delete. */
    delete<T>(url: string, params?: QueryParams, options: Omit<RequestOptions, 'params'> = {}): Promise<T> {
      return request<T>('DELETE', url, undefined, { ...options, params });
    },
    /**
     * Multipart upload (batch import, attachments); uses the longer export timeout since files can be large.
     * `fields` go before the file, where the server reads them.
     */
    upload<T>(
      url: string,
      file: Blob,
      options: RequestOptions & { fieldName?: string; fileName?: string; fields?: Record<string, string> } = {},
    ): Promise<T> {
      const { fieldName = 'file', fileName, fields = {}, ...rest } = options;
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      if (fileName === undefined) form.append(fieldName, file);
      else form.append(fieldName, file, fileName);
      return request<T>('POST', url, form, { timeout: LIMITS.exportTimeoutMs, ...rest });
    },
    download,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** How long a downloaded file's object URL is kept after its save starts. */
const OBJECT_URL_LIFETIME_MS = 10_000;

export const api = createApiClient({
  fetch: (input, init) => fetch(input, init),
  notifier,
  getToken: () => tokenStore.get(),
  // The navigation guard watches the token: once it is gone it sends the user to /login?redirect=….
  onUnauthorized: () => tokenStore.clear(),
  t: (key, options) => i18n.t(key, options),
  language: () => i18n.language,
  saveFile: (file, fileName) => {
    const href = URL.createObjectURL(file);
    const link = document.createElement('a');
    link.href = href;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    // The click has started the download; the object URL can go once the browser has surely read it.
    setTimeout(() => URL.revokeObjectURL(href), OBJECT_URL_LIFETIME_MS);
  },
});
