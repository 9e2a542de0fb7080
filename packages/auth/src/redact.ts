const MIN_SECRET_LENGTH = 4;

/** Replaces every occurrence of each secret in `text` with `[redacted]`. */
export function redact(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret.length >= MIN_SECRET_LENGTH) result = result.split(secret).join('[redacted]');
  }
  return result;
}

/** Shows enough of a token to correlate log lines, never enough to use it. */
export function tokenFingerprint(accessToken: string): string {
  return accessToken.length <= 12 ? '…' : `…${accessToken.slice(-6)}`;
}
