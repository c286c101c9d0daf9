/**
 * The one place that turns an error into an HTTP answer (STYLE.md 4). Known errors keep their code;
 * anything else is logged with the request id and answered as INTERNAL_ERROR without details.
 */
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ERROR_STATUS, RateLimitedError, type ErrorCode, type ErrorDetail } from '../errors.js';
import { RAW_ERROR_HEADERS } from './security-headers.js';
import { validationDetails } from './validation.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Answer errors in the spec's send-template shape, `{ error: "<message>", code: "<CODE>" }`
     * (plus `details` for validation), instead of the envelope: every error of the route, the
     * authentication hook's and the rate limit's included, since they all end here.
     */
    flatErrors?: boolean;
  }
}

export interface ErrorBody {
  success: false;
  error: { code: string; message: string; details?: ErrorDetail[] } & Record<string, unknown>;
}

export function errorBody(code: ErrorCode, message: string, details?: ErrorDetail[], meta?: Record<string, unknown>): ErrorBody {
  return { success: false, error: { code, message, ...(details ? { details } : {}), ...(meta ?? {}) } };
}

/** Sends the envelope as a string so response schemas never strip error fields. */
export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
  else if (error.status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
  const body = reply.request.routeOptions.config?.flatErrors
    ? { error: error.message, code: error.code, ...(error.details ? { details: error.details } : {}) }
    : errorBody(error.code, error.message, error.details, error.meta);
  return reply.code(error.status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/** Maps Fastify's own errors (parsing, limits, validation) onto our vocabulary. */
export function toAppError(error: FastifyError | Error): AppError | undefined {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError & { validation?: unknown[]; validationContext?: string };
  if (fastifyError.validation) {
    const details = validationDetails(fastifyError.validation as never[], fastifyError.validationContext);
    return new AppError('VALIDATION_ERROR', 'The request is invalid', details);
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('VALIDATION_ERROR', 'The body is not valid JSON', [{ field: 'body', message: 'must be valid JSON' }]);
  }
  if (error instanceof SyntaxError && 'statusCode' in error && error.statusCode === 400) {
    return new AppError('VALIDATION_ERROR', 'The body is not valid JSON', [{ field: 'body', message: 'must be valid JSON' }]);
  }
  const status = fastifyError.statusCode;
  if (status === 429) return new AppError('RATE_LIMITED', 'Too many requests');
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large');
  if (status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json');
  if (status !== undefined && status >= 400 && status < 500) {
    return new AppError('VALIDATION_ERROR', 'The request could not be understood');
  }
  return undefined;
}

/**
 * Errors Node's HTTP server raises before Fastify sees a request (a malformed request line, a
 * request that times out): answered with our envelope, then the socket is closed.
 */
export function writeClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const timeout = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const status = timeout ? 408 : 400;
  const body = JSON.stringify(
    timeout
      ? errorBody('REQUEST_TIMEOUT', 'The request was not received in time')
      : errorBody('VALIDATION_ERROR', 'The request could not be parsed'),
  );
  socket.end(
    `HTTP/1.1 ${status} ${timeout ? 'Request Timeout' : 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\n${RAW_ERROR_HEADERS}` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = toAppError(error);
    if (known) {
      if (known.status >= 500) request.log.error({ err: error }, known.message);
      return sendError(reply, known);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, new AppError('INTERNAL_ERROR', `Something went wrong (request ${request.id})`));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    // A path that exists with other methods: 405 naming them (RFC 9110 §15.5.6), not 404.
    const allowed = ROUTE_METHODS.filter((method) => app.findRoute({ method, url: path }) !== null);
    if (allowed.length > 0) {
      reply.header('allow', allowed.join(', '));
      return sendError(
        reply,
        new AppError('METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${path}; allowed: ${allowed.join(', ')}`),
      );
    }
    return sendError(reply, new AppError('ROUTE_NOT_FOUND', `No route ${request.method} ${path}`));
  });
}

/** The methods a path is looked up with for the 405's Allow header (HEAD comes with every GET). */
const ROUTE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

export const KNOWN_ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];
