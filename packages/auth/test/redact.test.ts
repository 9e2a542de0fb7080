import { describe, expect, it } from 'vitest';
import { redact, redactDeep } from '../src/internal.js';

const JWT = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJhcHAifQ.c2lnbmF0dXJlLXZhbHVl';

describe('redact', () => {
  it('redacts a secret as sent in a form body, percent-encoded in either case, and with + read as a space', () => {
    const secret = 'a+b/c==x';
    const body = [
      `raw ${secret}`,
      `form client_secret=${new URLSearchParams({ s: secret }).toString().slice(2)}`,
      'upper a%2Bb%2Fc%3D%3Dx',
      'lower a%2bb%2fc%3d%3dx',
      'decoded a b/c==x',
    ].join('\n');
    const text = redact(body, [secret]);
    expect(text).not.toMatch(/a.?(\+|%2b| )b/i);
    expect(text.match(/\[redacted\]/g)).toHaveLength(5);
  });

  it('redacts JWT-shaped runs and Bearer credentials, leaving prose alone', () => {
    expect(redact(`token ${JWT} end`, [])).toBe('token [redacted] end');
    expect(redact('Authorization: bearer abc123, next', [])).toBe(
      'Authorization: bearer [redacted], next',
    );
    expect(redact('see example.com.tr and v1.2.3', [])).toBe('see example.com.tr and v1.2.3');
  });

  it('redacts a whole dotted chain longer than three segments', () => {
    const chain = `${'a'.repeat(8)}.${'b'.repeat(8)}.${'c'.repeat(8)}.${'d'.repeat(8)}.${'e'.repeat(8)}`;
    expect(redact(`x ${chain} y`, [])).toBe('x [redacted] y');
  });

  it('redacts a 1 MB adversarial body (long alnum runs, many dots, endless Bearer spaces) in one linear pass', () => {
    // The old regex, /[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/g, took seconds on a 40 KB run of letters
    // and would block the event loop for an hour on this body; the scanner reads each character
    // a bounded number of times.
    const longRun = `${'a1'.repeat(200_000)} `;
    const twoSegments = `${'b2'.repeat(100_000)}.${'c3'.repeat(100_000)} `;
    const shortDots = 'abcdefg.'.repeat(30_000);
    const bearer = `Bearer${' '.repeat(100_000)}`;
    const chain = 'abcdefgh.'.repeat(30_000);
    const body = `${longRun}${twoSegments}${shortDots}${bearer}x ${chain}`;
    expect(body.length).toBeGreaterThan(1_000_000);
    expect(redact(body, ['sk_live_secret'])).toBe(
      `${longRun}${twoSegments}${shortDots}${bearer}[redacted] [redacted].`,
    );
  });
});

describe('redactDeep', () => {
  it('redacts every nested string, keys included, and leaves other values as they are', () => {
    const value = {
      message: 'bad sk_live_secret',
      extensions: { code: 'X', echo: ['ok', { deep: `Bearer ${JWT}` }], sk_live_secret: 1, n: 2 },
    };
    expect(redactDeep(value, ['sk_live_secret'])).toEqual({
      message: 'bad [redacted]',
      extensions: { code: 'X', echo: ['ok', { deep: 'Bearer [redacted]' }], '[redacted]': 1, n: 2 },
    });
  });
});
