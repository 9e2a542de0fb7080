/** A place in a file, 1-based, columns in UTF-16 code units (as editors and graphql-js count). */
export interface SourcePosition {
  readonly line: number;
  readonly column: number;
  /** The text of that line, for a code frame. */
  readonly lineText: string;
}

/** Maps offsets in a file's text to lines and columns; built once per file version. */
export interface PositionMap {
  at(offset: number): SourcePosition;
}

export function createPositionMap(text: string): PositionMap {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return {
    at(offset) {
      const clamped = Math.max(0, Math.min(offset, text.length));
      let low = 0;
      let high = starts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if ((starts[middle] ?? 0) <= clamped) low = middle;
        else high = middle - 1;
      }
      const start = starts[low] ?? 0;
      const end = starts[low + 1] ?? text.length + 1;
      return {
        line: low + 1,
        column: clamped - start + 1,
        lineText: text.slice(start, end - 1).replace(/\r$/, ''),
      };
    },
  };
}
