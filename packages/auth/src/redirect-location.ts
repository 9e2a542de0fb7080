import { redact } from './redact.js';

const MAX_LOCATION_LENGTH = 200;

/**
 * How an error names the target of a refused redirect: resolved against the request URL, without
 * user info, query or fragment (where a token or the secret would travel), redacted and cut short.
 */
export function describeLocation(
  location: string | null | undefined,
  base: string | undefined,
  secrets: readonly string[],
): string {
  if (!location) return '(no Location header)';
  let shown: string;
  try {
    const url = new URL(location, base || undefined);
    const hidden = url.search || url.hash ? '?…' : '';
    shown = `${url.protocol}//${url.host}${url.pathname}${hidden}`;
  } catch {
    shown = location.split(/[?#]/, 1)[0] ?? '';
  }
  const text = redact(shown, secrets);
  return text.length > MAX_LOCATION_LENGTH ? `${text.slice(0, MAX_LOCATION_LENGTH)}…` : text;
}
