import { ErrorReason, Messages } from '@aqzrx/contracts';

/**
 * The one error type services throw. The error handler turns it into the envelope and status;
 * no module translates errors itself.
 */
export class AppError extends Error {
  readonly status: number;
  readonly reason: ErrorReason;
  readonly headers: Record<string, string>;
  readonly data?: unknown;
  constructor(
    status: number,
    message: string,
    reason: ErrorReason = ErrorReason.BAD_REQUEST,
    headers: Record<string, string> = {},
    data?: unknown,
  ) {
    super(message);
    this.status = status;
    this.reason = reason;
    this.headers = headers;
    this.data = data;
  }
}

export const badRequest = (message: string, data?: unknown) =>
  new AppError(400, message, ErrorReason.BAD_REQUEST, {}, data);
export const unauthorized = (
  message: string = Messages.unauthorized,
  reason: ErrorReason = ErrorReason.UNAUTHORIZED,
) => new AppError(401, message, reason);
export const forbidden = (
  message: string = Messages.forbidden,
  reason: ErrorReason = ErrorReason.FORBIDDEN,
) => new AppError(403, message, reason);
/** Missing and out-of-scope records answer the same (security.md Z02). */
export const notFound = (message: string = Messages.notFound) =>
  new AppError(404, message, ErrorReason.NOT_FOUND);
export const conflict = (message: string) => new AppError(409, message, ErrorReason.CONFLICT);
export const staleVersion = () => new AppError(409, Messages.staleVersion, ErrorReason.STALE_VERSION);
export const tooMany = (retryAfterSeconds: number, message: string = Messages.rateLimited) =>
  new AppError(429, message, ErrorReason.RATE_LIMITED, { 'retry-after': String(retryAfterSeconds) });
