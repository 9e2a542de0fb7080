import type { DecryptFailure } from './token-cipher.js';

/**
 * What fleet mode reports for logging and alerting, in the kit's one event style (a
 * discriminated union on `type`). No event carries the secret, a token or the client id.
 */
export type FleetEvent = {
  /**
   * The shared token could not be read and was treated as absent, so a new one is fetched and
   * overwrites it. `wrong_secret_or_corrupted` repeating means processes of one app run with
   * different client secrets (a rotation in progress, or a misconfigured host).
   */
  type: 'stored_token_unreadable';
  reason: DecryptFailure | 'invalid_contents';
};

/** Receives {@link FleetEvent}s. Exceptions it throws are ignored. */
export type FleetEventListener = (event: FleetEvent) => void;

export function emitFleetEvent(listener: FleetEventListener | undefined, event: FleetEvent): void {
  if (!listener) return;
  try {
    listener(event);
  } catch {
    // A logging hook must never break a request.
  }
}
