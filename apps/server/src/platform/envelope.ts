import { type Envelope, Messages } from '@aqzrx/contracts';

export interface OkEnvelope<T> {
  error: 0;
  apiError: 0;
  result: string;
  data: T;
}

/** The only places envelopes are built: success here, failures in the error handler. */
export function ok<T>(data: T, result: string = Messages.ok): OkEnvelope<T> {
  return { error: 0, apiError: 0, result, data };
}

/** Success with nothing to return but the message. */
export function done(result: string = Messages.ok): Envelope<never> {
  return { error: 0, apiError: 0, result };
}

export function fail(
  status: number,
  result: string,
  code: string,
  requestId: string,
  data?: unknown,
): Envelope {
  const body: Envelope = { error: status, apiError: status, result, code, requestId };
  if (data !== undefined) body.data = data;
  return body;
}
