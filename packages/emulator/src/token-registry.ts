import { randomBytes } from 'node:crypto';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** What a store's install granted a token: the store, and the scopes the merchant approved. */
export interface TokenGrant {
  readonly store: string;
  readonly scopes: readonly string[];
}

/** Outcome of checking a bearer token; `grant` is undefined for the private app's tokens. */
export type TokenCheck =
  | { ok: true; clientId: string; grant: TokenGrant | undefined }
  | { ok: false; reason: 'unknown' | 'expired' };

/** Fewest remembered tokens at which issuing one sweeps out the expired. */
const SWEEP_FLOOR = 1_024;

/**
 * Issues JWT-shaped opaque tokens and remembers them until they expire. Expired ones are swept
 * out as new ones are issued, whenever the count has doubled since the last sweep: a long-running
 * emulator whose clients replace their tokens without ever sending the old ones again would
 * otherwise keep every token it issued. A swept token sent again is unknown rather than expired:
 * a 401 either way.
 */
export function createTokenRegistry(now: () => number) {
  const issued = new Map<
    string,
    { clientId: string; expiresAt: number; grant: TokenGrant | undefined }
  >();
  let sweepAt = SWEEP_FLOOR;
  const sweep = () => {
    const at = now();
    for (const [token, entry] of issued) if (at >= entry.expiresAt) issued.delete(token);
    sweepAt = Math.max(SWEEP_FLOOR, 2 * issued.size);
  };

  return {
    /** A new access token; with a `grant`, one of a store's install. */
    issue(clientId: string, lifetimeS: number, grant?: TokenGrant): string {
      const iat = now();
      const header = base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }));
      const payload = base64url(
        JSON.stringify({
          sub: clientId,
          ...(grant ? { storeName: grant.store } : {}),
          iat: Math.floor(iat / 1000),
          exp: Math.floor(iat / 1000) + lifetimeS,
        }),
      );
      const token = `${header}.${payload}.${base64url(randomBytes(24))}`;
      issued.set(token, { clientId, expiresAt: iat + lifetimeS * 1000, grant });
      if (issued.size >= sweepAt) sweep();
      return token;
    },

    check(token: string): TokenCheck {
      const entry = issued.get(token);
      if (!entry) return { ok: false, reason: 'unknown' };
      if (now() >= entry.expiresAt) {
        issued.delete(token);
        return { ok: false, reason: 'expired' };
      }
      return { ok: true, clientId: entry.clientId, grant: entry.grant };
    },

    /** Revokes every access token of one store's install; how many there were. */
    revokeStore(store: string): number {
      let count = 0;
      for (const [token, entry] of issued) {
        if (entry.grant?.store !== store) continue;
        issued.delete(token);
        count++;
      }
      return count;
    },

    /** Revokes every issued token, as if all had expired. */
    revokeAll(): void {
      issued.clear();
      sweepAt = SWEEP_FLOOR;
    },

    /** How many tokens it remembers. */
    get size(): number {
      return issued.size;
    },

    /** Revokes one token; true if it was known. */
    revoke(token: string): boolean {
      return issued.delete(token);
    },
  };
}

export type TokenRegistry = ReturnType<typeof createTokenRegistry>;
