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
    expect(error.message).toMatch(/^ADMIN_API_AUTH_URL contains the client secret/);
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

  it.each([
    ['the host of an http:// URL', 'Mixed-Case-Secret-Q7', (s: string) => `http://${s}.example/`],
    ['the scheme', 'Mixed-Case-Secret-Q7', (s: string) => `${s}:rest`],
    ['the scheme, holding a colon', 'Mixed-Case-Secret-Q7:tail9', (s: string) => s],
    ['a host, holding a slash', 'AbCdEfGh/IjKlMnOp', (s: string) => `http://${s}`],
    ['a host, with a non-ASCII letter', 'Qé7kW9-xLp2Vt4R', (s: string) => `https://${s}.example`],
    [
      'a path, percent-encoded',
      'Zq7+/=Value9Wx',
      (s: string) => `https://shop.example/${encodeURIComponent(s)}`,
    ],
  ])(
    'an ADMIN_API_AUTH_URL holding the secret in %s is refused whole, nothing of it shown',
    (_where, secret, url) => {
      const error = refusal(() =>
        createTokenProvider(
          credentialsFromEnv({
            ADMIN_API_AUTH_URL: url(secret),
            ADMIN_API_CLIENT_ID: 'app-id',
            ADMIN_API_CLIENT_SECRET: secret,
          }),
        ),
      );
      expect(error.code).toBe('INVALID_OPTION');
      expect(error.message).toMatch(
        /^ADMIN_API_AUTH_URL contains the client secret \(not quoted here\)/,
      );
      const everything = shown(error).toLowerCase();
      // Neither its start nor the part after a character URL cuts at (`:`, `/`, `.`).
      for (const part of secret.toLowerCase().split(/[:/.]/))
        expect(everything).not.toContain(part.slice(0, 6));
    },
  );

  it('the credentials read are still exactly the three options', () => {
    expect(credentialsFromEnv(env('https://shop.example'))).toStrictEqual({
      authUrl: 'https://shop.example',
      clientId: 'app-id',
      clientSecret: SECRET,
    });
  });
});
