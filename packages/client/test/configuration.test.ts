import { afterEach, describe, expect, it } from 'vitest';
import { ConfigurationError, createAdminClient, createAdminClientFromEnv } from '../src/index.js';

const CREDENTIALS = {
  authUrl: 'https://shop.example.com',
  clientId: 'id',
  clientSecret: 'secret-value',
};

function thrown(fn: () => unknown): ConfigurationError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error('expected a throw');
}

describe('client configuration', () => {
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it('createAdminClientFromEnv names every missing variable in one error', () => {
    const error = thrown(() => createAdminClientFromEnv({ env: { ADMIN_API_CLIENT_ID: 'id' } }));
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
    [{ timeoutMs: 0 }, 'timeoutMs'],
    [{ retry: { retries: -1 } }, 'retry.retries'],
    [{ baseUrl: 'not a url' }, 'baseUrl'],
  ])('rejects %j at creation, naming the option', (bad, name) => {
    const error = thrown(() =>
      createAdminClient({ baseUrl: 'https://api.example.com', ...CREDENTIALS, ...bad }),
    );
    expect(error.code).toBe('INVALID_OPTION');
    expect(error.message).toContain(`"${name}"`);
  });
});
