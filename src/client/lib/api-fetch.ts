import {
  pathOf,
  type Endpoint,
  type EndpointInput,
  type EndpointResult,
} from '../../domain/api/endpoint.ts';
import { listSearch } from './list-search.ts';

/**
 * A non-OK answer from the API. The message is `{status}: {body text or status text}`
 * (docs/architecture.md, "Client"); the parsed JSON body is kept so screens can show the server's
 * own message.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

export type ApiFetchInit = RequestInit & { json?: unknown };

/** The JSON an answer's text holds, or undefined when it holds none (an empty body). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The error of a non-OK answer, however it was sent (fetch, XMLHttpRequest or tus). */
export function answerError(status: number, text: string, statusText = ''): ApiError {
  return new ApiError(
    status,
    `${status}: ${text || statusText}`,
    text ? parseJson(text) : undefined,
  );
}

/** What an upload cancelled through its AbortSignal rejects with. */
export function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

/** Calls the API with the session cookie; resolves to the parsed JSON, or undefined when empty. */
export async function apiFetch<T>(path: string, init: ApiFetchInit = {}): Promise<T> {
  const { json, headers: givenHeaders, ...rest } = init;
  const headers = new Headers(givenHeaders);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  let body = rest.body;
  if (json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(json);
  }

  const response = await fetch(path, { ...rest, headers, body, credentials: 'include' });
  const text = await response.text();
  if (!response.ok) {
    throw answerError(response.status, text, response.statusText);
  }
  if (response.status === 204 || text === '') return undefined as T;
  return JSON.parse(text) as T;
}

type CallInit = Omit<ApiFetchInit, 'method' | 'json'>;
/** The input may be left out only when the endpoint needs no parameters and no body. */
type ApiCallArguments<E extends Endpoint> =
  object extends EndpointInput<E>
    ? [input?: EndpointInput<E>, init?: CallInit]
    : [input: EndpointInput<E>, init?: CallInit];

/**
 * Calls one endpoint of the contract (`src/domain/api/`): its address built from its path and the
 * given parameters, its method, its query (what is at its default left out, see `listSearch`)
 * and its JSON body; the answer typed by the endpoint's response schema.
 */
export function apiCall<E extends Endpoint>(
  endpoint: E,
  ...[input, init]: ApiCallArguments<E>
): Promise<EndpointResult<E>> {
  const { params, query, body } = (input ?? {}) as {
    params?: object;
    query?: Record<string, string | number | undefined>;
    body?: unknown;
  };
  const method = typeof endpoint.method === 'string' ? endpoint.method : endpoint.method[0];
  const url = pathOf(endpoint, params) + (query ? listSearch(query) : '');
  return apiFetch<EndpointResult<E>>(url, { ...init, method, json: body });
}
