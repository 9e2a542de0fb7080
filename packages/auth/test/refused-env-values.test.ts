import { describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  createTokenProvider,
  credentialsFromEnv,
  requestToken,
} from '../src/index.js';

const SECRET = 'sk-env-secret-7f3a9c';
const env = (authUrl: string) => ({
  ADMIN_API_AUTH_URL: authUrl,
  ADMIN_API_CLIENT_ID: 'app-id',
  ADMIN_API_CLIENT_SECRET: SECRET,
});

function refusal(fn: () => unknown): ConfigurationError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error('expected a refusal');
}

/** Everything an error shows: message, stack, JSON and its cause's. */
function shown(error: Error): string {
  const cause = error.cause instanceof Error ? shown(error.cause) : String(error.cause);
  return [error.message, error.stack, JSON.stringify(error), cause].join('\n');
}

describe('a value read from the environment and refused is named by its variable', () => {
  it('an ADMIN_API_AUTH_URL that is not a URL is refused as ADMIN_API_AUTH_URL, saying it sets authUrl', () => {
    const error = refusal(() => createTokenProvider(credentialsFromEnv(env('not a url'))));
    expect(error.code).toBe('INVALID_OPTION');
    expect(error.message).toBe(
      'ADMIN_API_AUTH_URL must be an absolute https:// URL (got "not a url"); it sets authUrl',
    );
  });

  it('an ADMIN_API_AUTH_URL with another scheme is refused as ADMIN_API_AUTH_URL', () => {
    const error = refusal(() => createTokenProvider(credentialsFromEnv(env('ftp://shop.example'))));
    expect(error.code).toBe('INVALID_OPTION');
    expect(error.message).toMatch(/^ADMIN_API_AUTH_URL must use https: .*; it sets authUrl$/);
  });

  it('a plain http:// ADMIN_API_AUTH_URL to a remote host is refused as insecure, naming the variable', () => {
    const error = refusal(() =>
      createTokenProvider(credentialsFromEnv(env('http://example.com/'))),
    );
    expect(error.code).toBe('INSECURE_URL');
    expect(error.message).toContain('(ADMIN_API_AUTH_URL, which sets authUrl)');
  });

  it('requestToken names the variable too, before anything is sent', async () => {
    const error = await requestToken(credentialsFromEnv(env('not a url'))).catch((e) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.code).toBe('INVALID_OPTION');
    expect(error.message).toMatch(/^ADMIN_API_AUTH_URL must be/);
  });

  it('a value the caller replaced after reading the environment is named by its option', () => {
    const credentials = credentialsFromEnv(env('https://shop.example'));
    credentials.authUrl = 'not a url';
    const error = refusal(() => createTokenProvider(credentials));
    expect(error.code).toBe('INVALID_OPTION');
    expect(error.message).toMatch(/^"authUrl" must be/);
    expect(error.message).not.toContain('ADMIN_API_AUTH_URL');
  });

  it('a secret set in ADMIN_API_AUTH_URL by mistake is never shown in the refusal', () => {
    const swapped = { ...env(SECRET), ADMIN_API_CLIENT_SECRET: SECRET };
    const error = refusal(() => createTokenProvider(credentialsFromEnv(swapped)));
    expect(error.code).toBe('INVALID_OPTION');
    expect(error.message).toMatch(/^ADMIN_API_AUTH_URL must be/);
    expect(shown(error)).not.toContain(SECRET);
  });

  it('no part of the secret is shown when a form pasted in ADMIN_API_AUTH_URL puts it across the quote’s cut', () => {
    // The quote keeps 100 characters: the secret starts at 95 and runs past the cut.
    const form = `grant_type=client_credentials&client_id=${'a'.repeat(40)}&client_secret=`;
    const pasted = `${form.padStart(95, 'x')}${SECRET}`;
    const error = refusal(() => createTokenProvider(credentialsFromEnv(env(pasted))));
    expect(error.code).toBe('INVALID_OPTION');
    expect(shown(error)).not.toContain(SECRET.slice(0, 5));
  });

  it('a secret used as the host of an http:// ADMIN_API_AUTH_URL is not shown, though URL lowercases it', () => {
    const secret = 'Mixed-Case-Secret-Q7';
    const error = refusal(() =>
      createTokenProvider(
        credentialsFromEnv({
          ADMIN_API_AUTH_URL: `http://${secret}.example/`,
          ADMIN_API_CLIENT_ID: 'app-id',
          ADMIN_API_CLIENT_SECRET: secret,
        }),
      ),
    );
    expect(error.code).toBe('INSECURE_URL');
    expect(shown(error).toLowerCase()).not.toContain(secret.toLowerCase());
  });

  it('a secret read as the scheme of ADMIN_API_AUTH_URL is not shown, though URL lowercases it', () => {
    const secret = 'Mixed-Case-Secret-Q7';
    const error = refusal(() =>
      createTokenProvider(
        credentialsFromEnv({
          ADMIN_API_AUTH_URL: `${secret}:rest`,
          ADMIN_API_CLIENT_ID: 'app-id',
          ADMIN_API_CLIENT_SECRET: secret,
        }),
      ),
    );
    expect(error.code).toBe('INVALID_OPTION');
    expect(shown(error).toLowerCase()).not.toContain(secret.toLowerCase());
  });

  it('the credentials read are still exactly the three options', () => {
    expect(credentialsFromEnv(env('https://shop.example'))).toStrictEqual({
      authUrl: 'https://shop.example',
      clientId: 'app-id',
      clientSecret: SECRET,
    });
  });
});
