// Shorter values are not secrets worth hunting for, and would match ordinary words.
const MIN_SECRET_LENGTH = 4;

/**
 * Each value as it may appear in text a server sends back: as is, form-encoded (how the secret
 * travels to the token endpoint, so a proxy echoing the request body shows it that way) and
 * percent-encoded. For `redact` and for checks that a text holds none of them.
 */
export function secretForms(values: readonly (string | undefined)[]): string[] {
  const forms = new Set<string>();
  for (const value of values) {
    if (!value || value.length < MIN_SECRET_LENGTH) continue;
    forms.add(value);
    forms.add(new URLSearchParams({ v: value }).toString().slice('v='.length));
    forms.add(encodeURIComponent(value));
  }
  return [...forms];
}

/** The first of `secrets` that `text` contains, if any. */
export function findSecret(text: string, secrets: readonly string[]): string | undefined {
  return secrets.find((secret) => text.includes(secret));
}
