import { randomBytes } from 'node:crypto';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** Outcome of checking a bearer token. */
export type TokenCheck =
  | { ok: true; clientId: string }
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
  const issued = new Map<string, { clientId: string; expiresAt: number }>();
  let sweepAt = SWEEP_FLOOR;
  const sweep = () => {
    const at = now();
    for (const [token, entry] of issued) if (at >= entry.expiresAt) issued.delete(token);
    sweepAt = Math.max(SWEEP_FLOOR, 2 * issued.size);
  };

  return {
    issue(clientId: string, lifetimeS: number): string {
      const iat = now();
      const header = base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }));
      const payload = base64url(
        JSON.stringify({
          sub: clientId,
          iat: Math.floor(iat / 1000),
          exp: Math.floor(iat / 1000) + lifetimeS,
        }),
      );
      const token = `${header}.${payload}.${base64url(randomBytes(24))}`;
      issued.set(token, { clientId, expiresAt: iat + lifetimeS * 1000 });
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
      return { ok: true, clientId: entry.clientId };
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
