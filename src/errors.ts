/**
 * The closed list of error codes and the one code → HTTP status map (STYLE.md 4).
 * Services throw `AppError`; `http/error-handler.ts` is the only place that writes an error response.
 */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  TEMPLATE_NOT_APPROVED: 400,
  CHANNEL_NOT_OFFICIAL: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  IP_NOT_ALLOWED: 403,
  ROUTE_NOT_FOUND: 404,
  ORGANIZATION_NOT_FOUND: 404,
  PROFILE_NOT_FOUND: 404,
  MEMBER_NOT_FOUND: 404,
  API_KEY_NOT_FOUND: 404,
  CHANNEL_NOT_FOUND: 404,
  STAGE_NOT_FOUND: 404,
  TEAM_NOT_FOUND: 404,
  FIELD_NOT_FOUND: 404,
  TEMPLATE_NOT_FOUND: 404,
  FLOW_NOT_FOUND: 404,
  RUN_NOT_FOUND: 404,
  WEBHOOK_NOT_FOUND: 404,
  EVENT_SINK_NOT_FOUND: 404,
  DELIVERY_NOT_FOUND: 404,
  CUSTOMER_NOT_FOUND: 404,
  TAG_NOT_FOUND: 404,
  NOTE_NOT_FOUND: 404,
  CHAT_NOT_FOUND: 404,
  MESSAGE_NOT_FOUND: 404,
  FILE_NOT_FOUND: 404,
  SCHEDULED_MESSAGE_NOT_FOUND: 404,
  CAMPAIGN_NOT_FOUND: 404,
  CANNED_RESPONSE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  DUPLICATE_CONTACT: 409,
  DUPLICATE_EMAIL: 409,
  DUPLICATE_DOCUMENT: 409,
  TAG_NAME_TAKEN: 409,
  SHORTCUT_TAKEN: 409,
  ALREADY_EXISTS: 409,
  LAST_OWNER: 409,
  IDEMPOTENCY_KEY_IN_PROGRESS: 409,
  INVALID_TRANSITION: 409,
  CHAT_CHANGED: 409,
  CHAT_CLOSED: 409,
  RUN_FINISHED: 409,
  MESSAGE_NOT_SENT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  CHANNEL_DISCONNECTED: 422,
  UNSUPPORTED_BY_CHANNEL: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  WHATSAPP_WINDOW_CLOSED: 422,
  OUTSIDE_WINDOW: 422,
  FILE_FETCH_FAILED: 422,
  RATE_LIMITED: 429,
  MESSAGING_LIMIT: 429,
  INTERNAL_ERROR: 500,
  NOT_READY: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorDetail {
  field: string;
  message: string;
}

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    /** Extra machine-readable facts for the client, e.g. the id of the customer a duplicate belongs to. */
    readonly meta?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

/** 429 RATE_LIMITED that knows when to come back: the error handler sends it as `Retry-After`. */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    /** MESSAGING_LIMIT: the WhatsApp portfolio's daily business-initiated limit (modules/governor/). */
    code: 'RATE_LIMITED' | 'MESSAGING_LIMIT' = 'RATE_LIMITED',
  ) {
    super(code, message);
  }
}

export function validationError(details: ErrorDetail[], message = 'The request is invalid'): AppError {
  return new AppError('VALIDATION_ERROR', message, details);
}

export function notFound(code: Extract<ErrorCode, `${string}_NOT_FOUND`>, what: string): AppError {
  return new AppError(code, `${what} not found`);
}
