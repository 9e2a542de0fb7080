/**
 * The values to hand to auth's `redact` and `findSecret`: the set ones, each once. The forms
 * a server may echo a value in (form- and percent-encoded in either hex case, `+` read as a
 * space, JSON-escaped, HTML references, two layers deep) are auth's to know: one implementation
 * for the whole kit, so codegen never misses a form the client catches.
 */
export function secretForms(values: readonly (string | undefined)[]): string[] {
  return [...new Set(values.filter((value): value is string => Boolean(value)))];
}
