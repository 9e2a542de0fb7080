import type { TokenRequestError } from './errors.js';

/**
 * What the auth package reports for logging and tracing. No event carries the secret or a
 * token; `tokenFingerprint` is the last six characters, enough to correlate log lines.
 */
export type AuthEvent =
  | { type: 'token_request'; attempt: number; url: string }
  | { type: 'token_response'; attempt: number; status: number; durationMs: number }
  | { type: 'token_retry'; attempt: number; delayMs: number; reason: string }
  | { type: 'token_acquired'; expiresAt: number; tokenFingerprint: string }
  | { type: 'token_invalidated'; tokenFingerprint: string }
  | { type: 'refresh_failed'; error: TokenRequestError; servingCachedToken: boolean };

/** Receives {@link AuthEvent}s. Exceptions it throws are ignored. */
export type AuthEventListener = (event: AuthEvent) => void;

export function emit(listener: AuthEventListener | undefined, event: AuthEvent): void {
  if (!listener) return;
  try {
    listener(event);
  } catch {
    // A logging hook must never break token acquisition.
  }
}
