import { createContext, useContext } from 'react';
import { createFetchRequest, type RequestFn, type TokenGetter } from './fetch-request.ts';
import type { UploadFn } from './upload.ts';

/**
 * How the shared widgets reach the server. The app provides its own API client once, near the root:
 *
 *   <RequestContext.Provider value={{ request: api, getToken: () => auth.token }}>
 *
 * Without a provider the widgets fall back to a minimal fetch wrapper and send no token.
 */
export interface RequestContextValue {
  /** Envelope-returning HTTP function; same signature as platform/api.ts. */
  request: RequestFn;
  /** Token sent as X-TOKEN by the default file uploader. */
  getToken: TokenGetter;
  /** Optional replacement for the default XMLHttpRequest file uploader. */
  upload?: UploadFn;
}

const noToken: TokenGetter = () => undefined;

export const defaultRequestContext: RequestContextValue = {
  request: createFetchRequest(),
  getToken: noToken,
};

export const RequestContext = createContext<RequestContextValue>(defaultRequestContext);
RequestContext.displayName = 'RequestContext';

export function useRequestContext(): RequestContextValue {
  return useContext(RequestContext);
}

export function useRequest(): RequestFn {
  return useContext(RequestContext).request;
}
