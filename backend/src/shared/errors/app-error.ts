/**
 * Errors the application raises on purpose. Use cases and domain code throw these (no HTTP types there); the one
 * global filter maps `kind` to a status and sends `{ statusCode, code, message }`, where `message` is the sentence
 * the client shows.
 */
export type ErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'unprocessable'
  | 'rate_limited'
  | 'unavailable';

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(code: string, message: string, details?: Record<string, unknown>) {
    super('bad_request', code, message, details);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'You need to sign in first.', code = 'UNAUTHORIZED') {
    super('unauthorized', code, message);
  }
}

/** A card payment did not go through; the message is the gateway's sentence for the customer. */
export class PaymentRequiredError extends AppError {
  constructor(code: string, message: string) {
    super('payment_required', code, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(code: string, message: string) {
    super('forbidden', code, message);
  }
}

export class NotFoundError extends AppError {
  constructor(code: string, message: string) {
    super('not_found', code, message);
  }
}

export class ConflictError extends AppError {
  constructor(code: string, message: string) {
    super('conflict', code, message);
  }
}

export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', 'RATE_LIMITED', message);
  }
}

export class UnavailableError extends AppError {
  constructor(code: string, message: string) {
    super('unavailable', code, message);
  }
}
