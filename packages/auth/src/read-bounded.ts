/** What {@link readBoundedText} read of a body. */
export interface BoundedText {
  /** The body as UTF-8 text, cut at `maxBytes` when it was longer. */
  text: string;
  /** True when the body was longer than `maxBytes`; the rest was never read. */
  truncated: boolean;
}

/** What {@link readBoundedBytes} read of a body. */
export interface BoundedBytes {
  /** The body's bytes, cut at `maxBytes` when it was longer. */
  bytes: Uint8Array;
  /** True when the body was longer than `maxBytes`; the rest was never read. */
  truncated: boolean;
  /** True when `until` stopped the read before the body ended; the rest was never read. */
  stopped: boolean;
}

/** Waits for one read of a body, or answers `undefined` to stop reading (a deadline passed). */
export type ReadUntil = (
  read: Promise<ReadableStreamReadResult<Uint8Array>>,
) => Promise<ReadableStreamReadResult<Uint8Array> | undefined>;

/**
 * Reads at most `maxBytes` of a body, then cancels the stream so the rest is never downloaded
 * (fetch closes the connection). What a server or a sender streams is untrusted input:
 * `arrayBuffer()` or `text()` would read a body of any size into memory. With `until`, each
 * read waits through it, and a read it stops cancels the stream at once (not awaited: the
 * caller answers now).
 */
export async function readBoundedBytes(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  until?: ReadUntil,
): Promise<BoundedBytes> {
  if (!body) return { bytes: new Uint8Array(0), truncated: false, stopped: false };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  try {
    for (;;) {
      const next = await (until ? until(reader.read()) : reader.read());
      if (!next) {
        reader.cancel().catch(() => {});
        return { bytes: new Uint8Array(0), truncated: false, stopped: true };
      }
      const { done, value } = next;
      if (done) break;
      if (size + value.byteLength > maxBytes) {
        chunks.push(value.subarray(0, maxBytes - size));
        size = maxBytes;
        truncated = true;
        break;
      }
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    if (truncated) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
  if (chunks.length === 1 && chunks[0]) return { bytes: chunks[0], truncated, stopped: false };
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes: all, truncated, stopped: false };
}

/** Reads at most `maxBytes` of a response body as UTF-8 text ({@link readBoundedBytes}). */
export async function readBoundedText(response: Response, maxBytes: number): Promise<BoundedText> {
  const { bytes, truncated } = await readBoundedBytes(response.body, maxBytes);
  return { text: new TextDecoder().decode(bytes), truncated };
}

/** Drops a body that will not be read, so its connection can be closed or reused. */
export function discardBody(response: Response): void {
  response.body?.cancel().catch(() => {});
}
