/**
 * A flow's `http_request` step (DESIGN.md §7): placeholders filled in the URL, the header values
 * and the body's strings; the call made through the outbound guard (refused private addresses,
 * every redirect hop checked again), within a time limit and a size limit on the answer. Its JSON
 * answer (or its text, when it is not JSON) is what `saveAs` keeps. A refused URL, a timeout or an
 * answer other than 2xx is an HttpStepError, which fails the run with its reason.
 *
 * The call happens outside any transaction, before the run moves past the step: a process killed
 * between the answer and that commit makes the call again when the run resumes (at least once).
 */
import { blockedCause, readBoundedBody, ResponseTooLargeError } from '../../http/outbound.js';
import type { StepOf } from './flow-steps.schemas.js';
import { render, renderDeep, type Scope } from './flow-variables.js';

export interface HttpStepLimits {
  timeoutMs: number;
  maxAnswerBytes: number;
}

export class HttpStepError extends Error {
  readonly code = 'HTTP_REQUEST_FAILED';
}

function requestOf(step: StepOf<'http_request'>, scope: Scope) {
  const method = step.method ?? 'POST';
  const headers: Record<string, string> = Object.fromEntries(
    Object.entries(step.headers ?? {}).map(([name, value]) => [name.toLowerCase(), render(value, scope)]),
  );
  let body: string | undefined;
  if (step.body !== undefined && method !== 'GET') {
    if (typeof step.body === 'string') {
      body = render(step.body, scope);
      headers['content-type'] ??= 'text/plain; charset=utf-8';
    } else {
      body = JSON.stringify(renderDeep(step.body, scope));
      headers['content-type'] ??= 'application/json';
    }
  }
  return { url: render(step.url, scope), init: { method, headers, body } };
}

/** Makes the call; answers what `saveAs` keeps. */
export async function runHttpStep(
  fetchGuarded: typeof fetch,
  step: StepOf<'http_request'>,
  scope: Scope,
  limits: HttpStepLimits,
): Promise<unknown> {
  const { url, init } = requestOf(step, scope);
  let response: Response;
  try {
    response = await fetchGuarded(url, { ...init, signal: AbortSignal.timeout(limits.timeoutMs) });
  } catch (err) {
    const blocked = blockedCause(err);
    if (blocked) throw new HttpStepError(`${url}: ${blocked.message}`);
    const timeout = (err as { name?: string })?.name === 'TimeoutError';
    throw new HttpStepError(timeout ? `${url} did not answer within ${limits.timeoutMs} ms` : `${url} could not be reached`);
  }
  let text: string;
  try {
    text = (await readBoundedBody(response, limits.maxAnswerBytes)).toString('utf8');
  } catch (err) {
    if (err instanceof ResponseTooLargeError) throw new HttpStepError(`${url}: ${err.message}`);
    throw new HttpStepError(`${url}: the answer could not be read to the end`);
  }
  if (!response.ok) throw new HttpStepError(`${url} answered HTTP ${response.status}`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
