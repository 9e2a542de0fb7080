import { describe, expect, it } from 'vitest';
import { formatBlockRule, parseBlockRules, SERVICE_ERROR_BLOCK_RULES } from '../src/index.js';

describe('block rules as text', () => {
  it("writes the service's rules as the CLI takes them", () => {
    expect(SERVICE_ERROR_BLOCK_RULES.map(formatBlockRule)).toEqual([
      '>25%:1h:301:1h',
      '>=60%:1h:301:30m',
      '>=60%:1d:3001:12h',
      '>=60%:5d:9001:permanent',
    ]);
  });

  it('reads back what it writes', () => {
    const text = SERVICE_ERROR_BLOCK_RULES.map(formatBlockRule).join(',');
    expect(parseBlockRules(text)).toEqual(SERVICE_ERROR_BLOCK_RULES);
    expect(parseBlockRules('>12.5%:1500ms:8:90s')).toEqual([
      { errorRate: { above: 0.125 }, windowMs: 1_500, minRequests: 8, blockMs: 90_000 },
    ]);
    expect(
      formatBlockRule({
        errorRate: { atLeast: 0.07 },
        windowMs: 61_000,
        minRequests: 1,
        blockMs: 1,
      }),
    ).toBe('>=7%:61s:1:1ms');
  });

  it.each([
    ['25%:1h:301:1h', 'is not <rate>'],
    ['>25%:1x:301:1h', 'durations are'],
    ['>25%:1h:301:0s', 'durations are'],
    ['>25%:1h:0:1h', 'min requests must be 1 or more'],
    ['>100%:1h:1:1h', 'from 0% to below 100%'],
    ['>=0%:1h:1:1h', 'above 0% and at most 100%'],
    ['>25%:1h:301:1h,', 'is not <rate>'],
  ])('refuses %s, saying why', (text, message) => {
    expect(parseBlockRules(text)).toContain(message);
  });
});
