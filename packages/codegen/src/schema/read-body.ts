/** A response body read up to a limit. */
export interface CappedBody {
  text: string;
  /** True when the body went on past the limit; the rest was not read. */
  truncated: boolean;
}

/**
 * Reads at most `maxBytes` of a body as UTF-8 and cancels the rest, so a server that sends
 * without end (or a proxy's multi-gigabyte error page) cannot exhaust memory or time.
 */
export async function readCappedBody(response: Response, maxBytes: number): Promise<CappedBody> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    return { text: '', truncated: true };
  }
  if (!response.body) return { text: '', truncated: false };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - received;
    if (value.byteLength > room) {
      parts.push(decoder.decode(value.subarray(0, room), { stream: true }));
      await reader.cancel();
      return { text: parts.join('') + decoder.decode(), truncated: true };
    }
    received += value.byteLength;
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return { text: parts.join(''), truncated: false };
}
