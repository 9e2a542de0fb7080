import { describe, expect, it } from 'vitest';
import { ConfigurationError, credentialsFromEnv } from '../src/index.js';

describe('credentialsFromEnv', () => {
  it('reads the three variables', () => {
    expect(
      credentialsFromEnv({
        ADMIN_API_AUTH_URL: 'https://shop.example.com',
        ADMIN_API_CLIENT_ID: 'id',
        ADMIN_API_CLIENT_SECRET: 'secret',
      }),
    ).toEqual({ authUrl: 'https://shop.example.com', clientId: 'id', clientSecret: 'secret' });
  });

  it('names every missing or blank variable in one error', () => {
    const error = (() => {
      try {
        credentialsFromEnv({ ADMIN_API_CLIENT_ID: '  ' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigurationError);
    const configError = error as ConfigurationError;
    expect(configError.code).toBe('MISSING_ENV');
    expect(configError.missing).toEqual([
      'ADMIN_API_AUTH_URL',
      'ADMIN_API_CLIENT_ID',
      'ADMIN_API_CLIENT_SECRET',
    ]);
    expect(configError.message).toContain(
      'ADMIN_API_AUTH_URL, ADMIN_API_CLIENT_ID, ADMIN_API_CLIENT_SECRET',
    );
    // It reads no .env file, so it must not send the user to one.
    expect(configError.message).toContain('reads no .env file');
    expect(configError.message).toContain('node --env-file=.env');
    expect(configError.message).not.toContain('or a .env file');
  });
});
