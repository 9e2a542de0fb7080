/** Levels shown before `…`: enough to recognise a value, few enough for any call stack. */
const MAX_DEPTH = 8;

/**
 * A JSON-like rendering of a value a server sent, for a message: at most `maxLength` characters
 * (then `…`) and {@link MAX_DEPTH} levels, whatever the value's size or depth. `JSON.stringify`
 * or `String()` of a parsed body 100,000 levels deep throws a `RangeError`; this never does, and
 * stops reading once it has enough.
 */
export function describeJson(value: unknown, maxLength: number): string {
  const out: string[] = [];
  let length = 0;
  const push = (text: string) => {
    out.push(text);
    length += text.length;
  };
  const full = () => length > maxLength;
  const walk = (item: unknown, depth: number): void => {
    if (typeof item === 'string') {
      push(JSON.stringify(item.length > maxLength ? item.slice(0, maxLength) : item));
    } else if (typeof item === 'number' || typeof item === 'boolean' || item === null) {
      push(String(item));
    } else if (typeof item !== 'object') {
      push(typeof item);
    } else if (Array.isArray(item)) {
      if (depth >= MAX_DEPTH) {
        push('[…]');
        return;
      }
      push('[');
      for (let i = 0; i < item.length && !full(); i++) {
        if (i > 0) push(',');
        walk(item[i], depth + 1);
      }
      push(']');
    } else {
      if (depth >= MAX_DEPTH) {
        push('{…}');
        return;
      }
      push('{');
      let first = true;
      for (const key in item) {
        if (full()) break;
        if (!Object.hasOwn(item, key)) continue;
        if (!first) push(',');
        first = false;
        push(`${JSON.stringify(key.length > maxLength ? key.slice(0, maxLength) : key)}:`);
        walk((item as Record<string, unknown>)[key], depth + 1);
      }
      push('}');
    }
  };
  walk(value, 0);
  const text = out.join('');
  return text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
}
