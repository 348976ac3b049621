/**
 * A non-OK answer from the API. The message is `{status}: {body text or status text}` (spec
 * section 7); the parsed JSON body is kept so screens can show the server's own message.
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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
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
    throw new ApiError(
      response.status,
      `${response.status}: ${text || response.statusText}`,
      text ? parseJson(text) : undefined,
    );
  }
  if (response.status === 204 || text === '') return undefined as T;
  return JSON.parse(text) as T;
}
