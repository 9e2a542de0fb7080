const MIN_SECRET_LENGTH = 4;
// Three base64url segments: the shape of a JWT, which is what access tokens look like.
const JWT_LIKE = /[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/g;
const BEARER_CREDENTIAL = /(\bBearer\s+)[^\s"',;]+/gi;

/**
 * Replaces every occurrence of each secret in `text` with `[redacted]`, and also anything shaped
 * like a JWT or a `Bearer` credential, so that a token issued earlier is caught too.
 */
export function redact(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret.length >= MIN_SECRET_LENGTH) result = result.split(secret).join('[redacted]');
  }
  return result.replace(JWT_LIKE, '[redacted]').replace(BEARER_CREDENTIAL, '$1[redacted]');
}

/** Shows enough of a token to correlate log lines, never enough to use it. */
export function tokenFingerprint(accessToken: string): string {
  return accessToken.length <= 12 ? '…' : `…${accessToken.slice(-6)}`;
}
