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
  ])('reads %j as %d ms', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });

  it.each([null, undefined, '', '-3', 'soon', '12abc', '1e3'])(
    'gives undefined for %j',
    (value) => {
      expect(parseRetryAfter(value, NOW)).toBeUndefined();
    },
  );
});
