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

/**
 * A short, one-line excerpt of a response body for an error. Redacts before cutting, so a
 * secret or token that straddles the cut cannot leave its beginning behind.
 */
export function bodyExcerpt(body: string, secrets: readonly string[], maxLength: number): string {
  const flat = redact(body, secrets).replace(/\s+/g, ' ').trim();
  return flat.length > maxLength ? `${flat.slice(0, maxLength)}…` : flat;
}

/** Shows enough of a token to correlate log lines, never enough to use it. */
export function tokenFingerprint(accessToken: string): string {
  return accessToken.length <= 12 ? '…' : `…${accessToken.slice(-6)}`;
}
