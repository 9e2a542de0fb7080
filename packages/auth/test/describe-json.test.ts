import { describe, expect, it } from 'vitest';
import { describeJson } from '../src/internal.js';

describe('describeJson', () => {
  it('renders a small value as JSON', () => {
    expect(describeJson({ a: [1, 'x', null, true] }, 100)).toBe('{"a":[1,"x",null,true]}');
  });

  it('renders a value nested 100,000 levels deep, cut at eight levels, never a RangeError', () => {
    const deep = JSON.parse(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`);
    expect(describeJson(deep, 300)).toBe(`${'{"a":'.repeat(8)}{…}${'}'.repeat(8)}`);
    const deepList = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(describeJson(deepList, 300)).toBe(`${'['.repeat(8)}[…]${']'.repeat(8)}`);
  });

  it('stops at the length asked for, however long the value', () => {
    const wide = Object.fromEntries(
      Array.from({ length: 100_000 }, (_, i) => [`k${i}`, 'v'.repeat(1_000)]),
    );
    const text = describeJson(wide, 50);
    expect(text).toHaveLength(51);
    expect(text.endsWith('…')).toBe(true);
  });
});
