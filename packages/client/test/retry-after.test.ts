import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../src/index.js';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

describe('parseRetryAfter', () => {
  it.each([
    ['7', 7_000],
    [' 0 ', 0],
    ['1.5', 1_500],
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
});
