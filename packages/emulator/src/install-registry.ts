import { randomBytes } from 'node:crypto';
import type { AppScope } from './oauth-scopes.js';

/** How long an authorization code can be exchanged, in milliseconds. */
export const AUTHORIZATION_CODE_TTL_MS = 60_000;

/** What an authorization code is bound to. */
export interface CodeBinding {
  readonly clientId: string;
  readonly redirectUri: string;
}

export type CodeRedemption =
  | { readonly ok: true; readonly scopes: readonly AppScope[] }
  | { readonly ok: false; readonly reason: 'unknown' | 'expired' | 'mismatch' };

export type RefreshRotation =
  | { readonly ok: true; readonly scopes: readonly AppScope[]; readonly refreshToken: string }
  | { readonly ok: false; readonly reason: 'unknown' | 'revoked' | 'spent' | 'mismatch' };

interface CodeEntry extends CodeBinding {
  readonly scopes: readonly AppScope[];
  readonly expiresAt: number;
}

interface RefreshEntry {
  readonly clientId: string;
  readonly scopes: readonly AppScope[];
  state: 'active' | 'spent' | 'revoked';
}

const opaque = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;

/**
 * One store's install of the app: its single-use authorization codes, its rotating refresh
 * tokens, and whether it is installed (with which scopes, since when). Access tokens live in
 * the token registry; revoking an install revokes those too (the caller does both).
 */
export function createInstallRegistry(now: () => number) {
  const codes = new Map<string, CodeEntry>();
  const refreshTokens = new Map<string, RefreshEntry>();
  let scopes: readonly AppScope[] = [];
  let installedAt: number | undefined;

  const newRefreshToken = (clientId: string, granted: readonly AppScope[]) => {
    const token = opaque('emu_rt_');
    refreshTokens.set(token, { clientId, scopes: granted, state: 'active' });
    return token;
  };

  return {
    /** A new code for an approved request; expired codes are swept out meanwhile. */
    issueCode(binding: CodeBinding, granted: readonly AppScope[]): string {
      const at = now();
      for (const [code, entry] of codes) if (at >= entry.expiresAt) codes.delete(code);
      const code = opaque('emu_code_');
      codes.set(code, { ...binding, scopes: granted, expiresAt: at + AUTHORIZATION_CODE_TTL_MS });
      return code;
    },

    /** Spends a code, whatever comes of it: a code is good for one attempt. */
    redeemCode(code: string, binding: CodeBinding): CodeRedemption {
      const entry = codes.get(code);
      if (!entry) return { ok: false, reason: 'unknown' };
      codes.delete(code);
      if (now() >= entry.expiresAt) return { ok: false, reason: 'expired' };
      if (entry.clientId !== binding.clientId || entry.redirectUri !== binding.redirectUri) {
        return { ok: false, reason: 'mismatch' };
      }
      return { ok: true, scopes: entry.scopes };
    },

    /** Marks the store installed with `granted` and answers the install's first refresh token. */
    install(clientId: string, granted: readonly AppScope[]): string {
      if (installedAt === undefined) installedAt = now();
      scopes = granted;
      return newRefreshToken(clientId, granted);
    },

    /**
     * Spends `refreshToken` for a new one. A spent token presented again is answered `spent`
     * (the caller revokes the install: the token was stolen, or a client lost an answer).
     */
    rotate(refreshToken: string, clientId: string): RefreshRotation {
      const entry = refreshTokens.get(refreshToken);
      if (!entry) return { ok: false, reason: 'unknown' };
      if (entry.state !== 'active') return { ok: false, reason: entry.state };
      if (entry.clientId !== clientId) return { ok: false, reason: 'mismatch' };
      entry.state = 'spent';
      return {
        ok: true,
        scopes: entry.scopes,
        refreshToken: newRefreshToken(clientId, entry.scopes),
      };
    },

    /** Uninstalls: every live refresh token is revoked (spent ones stay spent). */
    revoke(): void {
      for (const entry of refreshTokens.values()) {
        if (entry.state === 'active') entry.state = 'revoked';
      }
      installedAt = undefined;
      scopes = [];
    },

    /** Forgets the codes not yet exchanged. */
    clearCodes(): void {
      codes.clear();
    },

    get installed(): boolean {
      return installedAt !== undefined;
    },
    /** The scopes of the latest install; empty when not installed. */
    get scopes(): readonly AppScope[] {
      return scopes;
    },
    /** When the current install began (epoch ms), or undefined. */
    get installedAt(): number | undefined {
      return installedAt;
    },
  };
}

export type InstallRegistry = ReturnType<typeof createInstallRegistry>;
