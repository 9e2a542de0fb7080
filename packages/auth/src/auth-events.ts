import type { TokenRequestError } from './errors.js';

/**
 * What the auth package reports for logging and tracing, as a union discriminated by `type`.
 * No event carries the secret or a token; `tokenFingerprint` is the last six characters, enough
 * to correlate log lines. Other packages of the kit add their own events to the same style
 * (`graphql_*` in the client), so one listener can take them all.
 */
export type AuthEvent =
  | { type: 'token_request'; attempt: number; url: string }
  | { type: 'token_response'; attempt: number; status: number; durationMs: number }
  | { type: 'token_retry'; attempt: number; delayMs: number; reason: string }
  | { type: 'token_acquired'; expiresAt: number; tokenFingerprint: string }
  | { type: 'token_invalidated'; tokenFingerprint: string }
  | {
      type: 'refresh_failed';
      error: TokenRequestError;
      /** True when a still-valid token keeps being handed out meanwhile. */
      servingCachedToken: boolean;
      /** Consecutive failed token requests. */
      failures: number;
      /** Epoch ms before which no new refresh starts while the cached token is valid. */
      retryAt: number;
    };

/** Receives {@link AuthEvent}s. Exceptions it throws are ignored. */
export type AuthEventListener = (event: AuthEvent) => void;

/** Calls an event listener, if any; an exception it throws never reaches the caller. */
export function emit<E>(listener: ((event: E) => void) | undefined, event: E): void {
  if (!listener) return;
  try {
    listener(event);
  } catch {
    // A logging hook must never break token acquisition or a request.
  }
}
