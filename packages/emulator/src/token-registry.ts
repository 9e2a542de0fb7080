import { randomBytes } from 'node:crypto';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** Outcome of checking a bearer token. */
export type TokenCheck =
  | { ok: true; clientId: string }
  | { ok: false; reason: 'unknown' | 'expired' };

/** Issues JWT-shaped opaque tokens and remembers them until they expire. */
export function createTokenRegistry(now: () => number) {
  const issued = new Map<string, { clientId: string; expiresAt: number }>();

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
    },

    /** Revokes one token; true if it was known. */
    revoke(token: string): boolean {
      return issued.delete(token);
    },
  };
}

export type TokenRegistry = ReturnType<typeof createTokenRegistry>;
