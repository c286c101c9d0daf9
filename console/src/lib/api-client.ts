/**
 * The one API client: same-origin fetch with the session cookie, the CSRF token on every
 * state-changing call (DESIGN §8), JSON in and out, and the error envelope turned into ApiError.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

let csrfToken = '';
let onUnauthorized: () => void = () => {};

export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/** Called on a 401 (the session ended or expired): the app goes back to the sign-in page. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(path, { method, headers, body: payload, credentials: 'same-origin' });
  const text = await res.text();
  const json = text ? safeJson(text) : {};
  if (!res.ok) {
    if (res.status === 401 && !path.startsWith('/auth/')) onUnauthorized();
    const error = (json as { error?: { code?: string; message?: string } | string; code?: string }).error;
    const code = typeof error === 'object' ? error.code : (json as { code?: string }).code;
    const message = typeof error === 'object' ? error.message : typeof error === 'string' ? error : res.statusText;
    throw new ApiError(res.status, code ?? 'ERROR', message ?? 'Request failed');
  }
  return json as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/** `{ success, data }` → data. */
export async function getData<T>(path: string): Promise<T> {
  return (await request<{ data: T }>('GET', path)).data;
}

export async function send<T>(method: Exclude<Method, 'GET'>, path: string, body?: unknown): Promise<T> {
  return (await request<{ data: T }>(method, path, body)).data;
}

export function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}
