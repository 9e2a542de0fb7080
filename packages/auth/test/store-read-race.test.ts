import { describe, expect, it } from 'vitest';
import { type AccessToken, createTokenProvider, type TokenStore } from '../src/index.js';
import { useTokenHost } from './fixtures.js';

const tokenHost = useTokenHost();

/**
 * A store that answers each read only when told to, with what it held when the read arrived,
 * as a remote store does: the answer can be older than what the store holds by then.
 */
function slowStore() {
  let value: AccessToken | undefined;
  const reads: (() => void)[] = [];
  const store: TokenStore = {
    get: () => {
      const seen = value;
      return new Promise((resolve) => reads.push(() => resolve(seen)));
    },
    set: (token) => {
      value = token;
    },
  };
  return { store, answerRead: (index: number) => reads[index]?.() };
}

/** A token provider over {@link slowStore}, against a fresh token host. */
async function providerOverSlowStore() {
  const host = await tokenHost();
  const { store, answerRead } = slowStore();
  const tokens = createTokenProvider({
    authUrl: host.url,
    clientId: 'id',
    clientSecret: 'secret-value',
    store,
  });
  return { host, tokens, answerRead };
}

describe('single flight across a slow store read', () => {
  it('a read that began before a refresh ended uses the new token instead of starting another request', async () => {
    const { host, tokens, answerRead } = await providerOverSlowStore();
    const first = tokens.getToken();
    const second = tokens.getToken();
    answerRead(0);
    const token = await first;
    // The second read was sent while the store was empty, and answers after the refresh ended.
    answerRead(1);
    await expect(second).resolves.toMatchObject({ accessToken: token.accessToken });
    expect(host.requests).toBe(1);
  });

  it('a token refused while such a read was pending is not handed out by it', async () => {
    const { host, tokens, answerRead } = await providerOverSlowStore();
    const first = tokens.getToken();
    const late = tokens.getToken();
    answerRead(0);
    const refused = await first;
    const invalidated = tokens.invalidate(refused.accessToken);
    answerRead(2);
    await invalidated;
    answerRead(1);
    await expect(late).resolves.not.toMatchObject({ accessToken: refused.accessToken });
    expect(host.requests).toBe(2);
  });
});
