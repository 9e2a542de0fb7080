/**
 * The size of an answer as its fields resolve, counted low (a key, its quotes and colon, and
 * the value's least JSON: a string's length, 2 for an object or list, 4 for null), so that
 * building can stop once even that is over the cap: past it, the answer cannot fit.
 */
export interface AnswerBudget {
  readonly maxBytes: number;
  /** Bytes counted so far: the answer's JSON is at least this long. */
  readonly bytes: number;
  /** True once `bytes` is over `maxBytes`: every field still to resolve answers null. */
  readonly exceeded: boolean;
  /** Counts a field resolved under `key`, its response key (alias or name). */
  spend(key: string | number, value: unknown): void;
}

function leastJsonBytes(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return value.length + 2;
    case 'number':
    case 'bigint':
      return 1;
    case 'boolean':
      return 4;
    case 'object':
      return value === null ? 4 : 2;
    default:
      return 4;
  }
}

export function createAnswerBudget(maxBytes: number): AnswerBudget {
  let bytes = 0;
  return {
    maxBytes,
    get bytes() {
      return bytes;
    },
    get exceeded() {
      return bytes > maxBytes;
    },
    spend(key, value) {
      bytes += (typeof key === 'string' ? key.length + 3 : 0) + leastJsonBytes(value);
    },
  };
}
