import { ConfigurationError } from '@admin-api/auth';
import { describe, expect, it } from 'vitest';
import { createTokenCipher } from '../src/token-cipher.js';

const SECRET = 'test-client-secret-0123456789';
const KEY = 'admin-api:{0123456789ab}:token';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhcHAifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ';

describe('token cipher', () => {
  const cipher = createTokenCipher(SECRET);

  it('decrypts what it encrypted', () => {
    const encoded = cipher.encrypt(TOKEN, KEY);
    expect(cipher.decrypt(encoded, KEY)).toEqual({ ok: true, plaintext: TOKEN });
  });

  it('writes a versioned value that contains neither the token nor the secret', () => {
    const encoded = cipher.encrypt(TOKEN, KEY);
    expect(encoded).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(encoded).not.toContain(TOKEN);
    expect(encoded).not.toContain(SECRET);
  });

  it('uses a fresh IV for every value', () => {
    expect(cipher.encrypt(TOKEN, KEY)).not.toBe(cipher.encrypt(TOKEN, KEY));
  });

  it('another client secret cannot decrypt', () => {
    const encoded = createTokenCipher('another-secret').encrypt(TOKEN, KEY);
    expect(cipher.decrypt(encoded, KEY)).toEqual({
      ok: false,
      reason: 'wrong_secret_or_corrupted',
    });
  });

  it('a value moved to another key name does not decrypt', () => {
    const encoded = cipher.encrypt(TOKEN, KEY);
    expect(cipher.decrypt(encoded, 'admin-api:{ba9876543210}:token')).toEqual({
      ok: false,
      reason: 'wrong_secret_or_corrupted',
    });
  });

  it('an altered ciphertext does not decrypt', () => {
    const [version, iv, ciphertext = '', tag] = cipher.encrypt(TOKEN, KEY).split('.');
    const flipped = Buffer.from(ciphertext, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    const altered = [version, iv, flipped.toString('base64url'), tag].join('.');
    expect(cipher.decrypt(altered, KEY)).toEqual({
      ok: false,
      reason: 'wrong_secret_or_corrupted',
    });
  });

  it('a value of an unknown version is reported as such', () => {
    const [, ...rest] = cipher.encrypt(TOKEN, KEY).split('.');
    expect(cipher.decrypt(['v2', ...rest].join('.'), KEY)).toEqual({
      ok: false,
      reason: 'unsupported_version',
    });
  });

  it.each([
    ['plain text', TOKEN],
    ['too few parts', 'v1.abc.def'],
    ['a short IV', 'v1.AAAA.AAAA.AAAAAAAAAAAAAAAAAAAAAA'],
    ['non-base64url characters', 'v1.AAAAAAAAAAAAAAAA.A+/=.AAAAAAAAAAAAAAAAAAAAAA'],
  ])('%s is malformed', (_, value) => {
    expect(cipher.decrypt(value, KEY)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('fingerprints equal tokens equally and other tokens or secrets differently', () => {
    const fingerprint = cipher.fingerprint(TOKEN);
    expect(cipher.fingerprint(TOKEN)).toBe(fingerprint);
    expect(cipher.fingerprint(`${TOKEN}x`)).not.toBe(fingerprint);
    expect(createTokenCipher('another-secret').fingerprint(TOKEN)).not.toBe(fingerprint);
    expect(fingerprint).not.toContain(TOKEN.slice(-6));
  });

  it('an empty client secret is a configuration error', () => {
    const attempt = () => createTokenCipher('');
    expect(attempt).toThrow(ConfigurationError);
    expect(attempt).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
  });
});
