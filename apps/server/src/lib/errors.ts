// One error type for the whole API and one table from its code to the HTTP status.
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NO_ORGANIZATION: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYOUTS_NOT_ENABLED: 409,
  /** A PRO feature (Integrations, the API, webhooks) asked for by an organisation without the PRO plan. */
  PRO_REQUIRED: 402,
  /** A change that needs the user's explicit second yes (e.g. refunding a checked-in ticket). */
  CONFIRMATION_REQUIRED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export interface FieldError {
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldError[],
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
    this.statusCode = errorStatus[code];
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const unauthorized = (message = 'You need to sign in first') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message = 'You are not allowed to do that') => new AppError('FORBIDDEN', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
