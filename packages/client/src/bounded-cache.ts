/**
 * A cache of what `compute` makes of a key, holding at most `limit` entries. When full, a new
 * entry takes the place of the oldest one, not of every entry: a burst of new keys costs each key
 * in use one more `compute` per `limit` new ones at most, instead of all of them at once. A key
 * whose `compute` throws is not kept.
 */
export function boundedCache<T>(limit: number, compute: (key: string) => T): (key: string) => T {
  const entries = new Map<string, T>();
  return (key) => {
    let value = entries.get(key);
    if (value === undefined) {
      value = compute(key);
      const [oldest] = entries.size >= limit ? entries.keys() : [];
      if (oldest !== undefined) entries.delete(oldest);
      entries.set(key, value);
    }
    return value;
  };
}
