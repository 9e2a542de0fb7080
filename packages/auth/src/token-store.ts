import type { AccessToken } from './access-token.js';

/**
 * Where a token provider keeps its token. The default keeps it in memory; a shared store
 * (Redis, say) lets several processes use one token.
 */
export interface TokenStore {
  get(): Promise<AccessToken | undefined> | AccessToken | undefined;
  /** `undefined` clears the stored token. */
  set(token: AccessToken | undefined): Promise<void> | void;
}

/** A {@link TokenStore} holding one token in this process's memory. */
export function createMemoryTokenStore(): TokenStore {
  let current: AccessToken | undefined;
  return {
    get: () => current,
    set: (token) => {
      current = token;
    },
  };
}
