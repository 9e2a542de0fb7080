/** What {@link readBoundedText} read of a body. */
export interface BoundedText {
  /** The body as UTF-8 text, cut at `maxBytes` when it was longer. */
  text: string;
  /** True when the body was longer than `maxBytes`; the rest was never read. */
  truncated: boolean;
}

/**
 * Reads at most `maxBytes` of a response body, then cancels the stream so the rest is never
 * downloaded (fetch closes the connection). A server's answer is untrusted input: `text()` would
 * read a body of any size into memory.
 */
export async function readBoundedText(response: Response, maxBytes: number): Promise<BoundedText> {
  const body = response.body;
  if (!body) return { text: '', truncated: false };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
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
  const decoder = new TextDecoder();
  if (chunks.length === 1) return { text: decoder.decode(chunks[0]), truncated };
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { text: decoder.decode(all), truncated };
}

/** Drops a body that will not be read, so its connection can be closed or reused. */
export function discardBody(response: Response): void {
  response.body?.cancel().catch(() => {});
}
