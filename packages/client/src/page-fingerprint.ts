/**
 * A 53-bit hash of a page's items, whole: every key and value at every depth. Iterative, so a
 * body nested 100,000 levels deep costs time in proportion to its size and no call stack; the
 * body was already bounded by `maxResponseBytes`. Equal pages hash equal; two different pages
 * collide with a chance of about 2^-53.
 */
export function pageFingerprint(items: readonly unknown[]): number {
  // cyrb53: two 32-bit lanes, mixed at the end.
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  const feed = (text: string) => {
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ code, 2654435761);
      h2 = Math.imul(h2 ^ code, 1597334677);
    }
  };
  // Tags keep structure apart: ["ab"] and ["a","b"], {"a":1} and ["a",1] feed different text.
  const stack: unknown[] = [items];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      feed(`s${value.length}:`);
      feed(value);
    } else if (Array.isArray(value)) {
      feed(`[${value.length}:`);
      for (let i = value.length - 1; i >= 0; i--) stack.push(value[i]);
    } else if (typeof value === 'object' && value !== null) {
      const keys = Object.keys(value);
      feed(`{${keys.length}:`);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] ?? '';
        stack.push((value as Record<string, unknown>)[key], key);
      }
    } else {
      feed(`${typeof value}:${String(value)};`);
    }
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
