import { afterEach, describe, expect, it } from 'vitest';
import { ConfigurationError, createAdminClient, createAdminClientFromEnv } from '../src/index.js';
import { refusedAtFirstUse, thrown } from './client-fixture.js';

const CREDENTIALS = {
  authUrl: 'https://shop.example.com',
  clientId: 'id',
  clientSecret: 'secret-value',
};

describe('client configuration', () => {
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it('createAdminClientFromEnv names every missing variable in one error', async () => {
    const error = await refusedAtFirstUse(
      createAdminClientFromEnv({ env: { ADMIN_API_CLIENT_ID: 'id' } }),
    );
    expect(error.code).toBe('MISSING_ENV');
    expect(error.missing).toEqual([
      'ADMIN_API_BASE_URL',
      'ADMIN_API_AUTH_URL',
      'ADMIN_API_CLIENT_SECRET',
    ]);
  });

  it('createAdminClientFromEnv reads all four variables, and overrides win', () => {
    const client = createAdminClientFromEnv({
      env: {
        ADMIN_API_BASE_URL: 'https://api.example.com',
        ADMIN_API_AUTH_URL: 'https://shop.example.com',
        ADMIN_API_CLIENT_ID: 'id',
        ADMIN_API_CLIENT_SECRET: 'secret',
      },
      baseUrl: 'https://other.example.com/',
    });
    expect(client.endpoint).toBe('https://other.example.com/api/v2/admin/graphql');
  });

  it('refuses a client secret in a browser', () => {
    (globalThis as { window?: unknown }).window = { document: {} };
    const error = thrown(() =>
      createAdminClient({ baseUrl: 'https://api.example.com', ...CREDENTIALS }),
    );
    expect(error.code).toBe('INSECURE_ENVIRONMENT');
    expect(error.message).not.toContain('secret-value');
  });

  it('refuses to send tokens over plain http to a non-loopback host, with the code auth uses (INSECURE_URL)', () => {
    const error = thrown(() =>
      createAdminClient({ baseUrl: 'http://api.example.com', ...CREDENTIALS }),
    );
    expect(error.code).toBe('INSECURE_URL');
  });

  it.each([
    ['timeoutMs 0', { timeoutMs: 0 }, 'timeoutMs'],
    ['timeoutMs NaN', { timeoutMs: Number.NaN }, 'timeoutMs'],
    ['timeoutMs above the timer maximum', { timeoutMs: 2 ** 31 }, 'timeoutMs'],
    ['negative retries', { retry: { retries: -1 } }, 'retry.retries'],
    ['fractional retries', { retry: { retries: 0.5 } }, 'retry.retries'],
    ['a NaN backoff', { retry: { baseDelayMs: Number.NaN } }, 'retry.baseDelayMs'],
    [
      'an endless Retry-After budget',
      { retry: { maxRetryAfterMs: Infinity } },
      'retry.maxRetryAfterMs',
    ],
    ['rateLimit.limit 0', { rateLimit: { limit: 0 } }, 'rateLimit.limit'],
    ['a negative rateLimit.limit', { rateLimit: { limit: -5 } }, 'rateLimit.limit'],
    ['a fractional rateLimit.limit', { rateLimit: { limit: 2.5 } }, 'rateLimit.limit'],
    ['rateLimit.windowMs NaN', { rateLimit: { windowMs: Number.NaN } }, 'rateLimit.windowMs'],
    ['rateLimit.windowMs 0', { rateLimit: { windowMs: 0 } }, 'rateLimit.windowMs'],
    ['maxResponseBytes 0', { maxResponseBytes: 0 }, 'maxResponseBytes'],
    ['a baseUrl that is not a URL', { baseUrl: 'not a url' }, 'baseUrl'],
  ])('rejects %s at creation, naming the option', (_, bad, name) => {
    const error = thrown(() =>
      createAdminClient({ baseUrl: 'https://api.example.com', ...CREDENTIALS, ...bad }),
    );
    expect(error.code).toBe('INVALID_OPTION');
    expect(error.message).toContain(`"${name}"`);
  });

  it.each([
    ['rateLimit', 'off', 'string'],
    ['rateLimit', true, 'boolean'],
    ['rateLimit', null, 'null'],
    ['retry', 'none', 'string'],
    ['retry', true, 'boolean'],
    ['retry', null, 'null'],
    ['allowInsecureHttp', 'false', 'string'],
    ['onEvent', 'log', 'string'],
    ['fetch', 'fetch', 'string'],
    ['now', 5, 'number'],
    ['monotonicNow', 'performance.now', 'string'],
    ['setTimer', 1, 'number'],
    ['store', {}, 'object'],
    ['rateLimiter', { acquire: () => Promise.resolve(() => {}) }, 'object'],
    ['fleet', { join: 'yes' }, 'object'],
  ])(
    'refuses %s of the wrong type (%j) at creation, naming the option and the type it got',
    (name, value, type) => {
      const error = thrown(() =>
        createAdminClient({
          baseUrl: 'https://api.example.com',
          ...CREDENTIALS,
          [name]: value,
        } as unknown as Parameters<typeof createAdminClient>[0]),
      );
      expect(error.code).toBe('INVALID_OPTION');
      expect(error.message).toContain(`"${name}"`);
      expect(error.message).toContain(`(got ${type})`);
    },
  );

  it('refuses a rateLimiter whose honorsMaxPauseMs is not a boolean: a truthy string would hand it pauses it cannot bound', () => {
    const error = thrown(() =>
      createAdminClient({
        baseUrl: 'https://api.example.com',
        ...CREDENTIALS,
        rateLimiter: {
          acquire: () => Promise.resolve(() => {}),
          pauseFor: () => {},
          honorsMaxPauseMs: 'no',
        },
      } as unknown as Parameters<typeof createAdminClient>[0]),
    );
    expect(error.code).toBe('INVALID_OPTION');
    expect(error.message).toContain('"rateLimiter.honorsMaxPauseMs"');
  });

  it('refuses a tokenProvider without getToken and invalidate', () => {
    const error = thrown(() =>
      createAdminClient({
        baseUrl: 'https://api.example.com',
        tokenProvider: {},
      } as unknown as Parameters<typeof createAdminClient>[0]),
    );
    expect(error).toMatchObject({ code: 'INVALID_OPTION' });
    expect(error.message).toContain('"tokenProvider"');
  });

  it('refuses a rateLimit.limit beyond a million per window, which would only grow the pacer', () => {
    const error = thrown(() =>
      createAdminClient({
        baseUrl: 'https://api.example.com',
        ...CREDENTIALS,
        rateLimit: { limit: 2 ** 31 },
      }),
    );
    expect(error).toMatchObject({ code: 'INVALID_OPTION' });
    expect(error.message).toContain('"rateLimit.limit"');
  });

  it('refuses a per-call signal that is not an AbortSignal with INVALID_OPTION, not a TypeError', async () => {
    const client = createAdminClient({ baseUrl: 'https://api.example.com', ...CREDENTIALS });
    const error = await client
      .request('{ me { id } }', {}, { signal: {} as AbortSignal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({ code: 'INVALID_OPTION' });
    expect((error as Error).message).toContain('"signal"');
  });

  it('rejects a per-call timeoutMs above the timer maximum before sending', async () => {
    const client = createAdminClient({ baseUrl: 'https://api.example.com', ...CREDENTIALS });
    const error = await client
      .request('{ me { id } }', {}, { timeoutMs: 2 ** 31 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({ code: 'INVALID_OPTION' });
  });

  it.each([
    ['one origin for both', 'https://api.myikas.com', 'https://api.myikas.com'],
    ['one loopback origin for both', 'http://127.0.0.1:4000/', 'http://127.0.0.1:4000'],
    ['swapped production hosts', 'https://api.myikas.com', 'https://shop.myikas.com'],
    ['the GraphQL path as authUrl', 'https://x.example/api/v2/admin/graphql', 'https://y.example'],
    ['the token path as baseUrl', 'https://x.example', 'https://y.example/api/admin/oauth/token'],
    [
      'swapped production hosts written as absolute names (trailing dot)',
      'https://api.myikas.com.',
      'https://store.myikas.com.',
    ],
    [
      'the GraphQL host with a trailing dot as authUrl',
      'https://api.myikas.com.',
      'https://x.example',
    ],
    [
      'one origin, once with a trailing dot',
      'https://store.example.com.',
      'https://store.example.com',
    ],
    [
      'one origin in other letters (case, full-width)',
      'https://ＳＴＯＲＥ.example.com',
      'https://store.example.com',
    ],
  ])('refuses %s before any secret is sent, explaining the two hosts', (_, authUrl, baseUrl) => {
    const error = thrown(() => createAdminClient({ ...CREDENTIALS, authUrl, baseUrl }));
    expect(error.code).toBe('INVALID_OPTION');
    expect(error.message).toContain('https://<store>.myikas.com');
    expect(error.message).toContain('https://api.myikas.com');
    expect(error.message).not.toContain(CREDENTIALS.clientSecret);
  });
});
