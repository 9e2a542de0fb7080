import { MAX_RETRY_AFTER_MS } from '@admin-api/auth/internal';
import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../src/index.js';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

describe('parseRetryAfter', () => {
  it.each([
    ['7', 7_000],
    [' 0 ', 0],
    ['Sun, 22 Nov 2026 12:00:30 GMT', 30_000],
    ['Sun, 22 Nov 2026 11:59:00 GMT', 0],
    ['Sunday, 22-Nov-26 12:01:00 GMT', 60_000],
    ['Sun Nov 22 12:00:05 2026', 5_000],
  ])('reads %j as %d ms', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    '-3',
    'soon',
    '12abc',
    '1e3',
    // delta-seconds is digits only: a fraction is no Retry-After, so the default wait applies.
    '1.5',
    '.5',
    '2.',
    // A lenient date parser reads these as dates in 2001 and 2012: they are not HTTP-dates.
    'soon 12',
    'x 2',
    '2026-11-22T12:00:30Z',
    'Sun, 31 Feb 2026 12:00:00 GMT',
    'Sun, 22 Nov 2026 12:00:30 UTC',
    'sun, 22 nov 2026 12:00:30 gmt',
  ])('gives undefined for %j', (value) => {
    expect(parseRetryAfter(value, NOW)).toBeUndefined();
  });

  it('saturates an enormous delta-seconds at the timer maximum instead of a wait of 1e23 ms', () => {
    expect(parseRetryAfter('99999999999999999999', NOW)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter('9'.repeat(400), NOW)).toBe(MAX_RETRY_AFTER_MS);
    expect(Number.isFinite(parseRetryAfter('9'.repeat(400), NOW))).toBe(true);
  });

  it('saturates an HTTP-date decades away at the timer maximum', () => {
    expect(parseRetryAfter('Wed, 21 Oct 2099 07:28:00 GMT', NOW)).toBe(MAX_RETRY_AFTER_MS);
  });
});
