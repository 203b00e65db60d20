import type { Envelope } from '@aqzrx/contracts';

/** An envelope for a failure the server did not answer with one (network, time-out, unreadable body). */
export function syntheticEnvelope(status: number, result: string, code?: string): Envelope {
  return { error: status || -1, apiError: status || -1, result, ...(code ? { code } : {}) };
}

/**
 * A failed call, the one error class of the web app (the API client and the shared widgets' uploads and
 * stand-in client): the HTTP status (0 for network failures, time-outs and cancels) and the server's
 * envelope, or one made up for a failure without an envelope. Its message is the envelope's Chinese text.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly envelope: Envelope;
  constructor(status: number, envelope: Envelope) {
    super(envelope.result);
    this.name = 'ApiError';
    this.status = status;
    this.envelope = envelope;
  }
  get code(): string | undefined {
    return this.envelope.code;
  }
  /** A failure without a server envelope: `message` for the person, the HTTP status if one came back. */
  static of(message: string, status = 0, code?: string): ApiError {
    return new ApiError(status, syntheticEnvelope(status, message, code));
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
