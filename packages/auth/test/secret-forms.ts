/**
 * Every form in which a server may echo a secret or a token, built systematically: a value, or the
 * value with `+` read as a space (a form decoder's view of a raw `+`), under zero, one or two
 * layers of the encodings servers apply (percent-encoding in either hex case, a form body, a JSON
 * string with `\/` or `\uXXXX` escapes, HTML character references), in every order.
 */

const hex = (code: number, width: number) => code.toString(16).toUpperCase().padStart(width, '0');
const lowerHex = (text: string) => text.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase());
const isAlnum = (char: string) => /^[A-Za-z0-9]$/.test(char);
/** Every UTF-16 unit as `\uXXXX`, as JSON may write any character. */
const unicodeEscapes = (text: string) =>
  Array.from({ length: text.length }, (_, i) => `\\u${hex(text.charCodeAt(i), 4)}`).join('');

/** One layer of escaping a server may apply to text it echoes. */
export const LAYERS: Readonly<Record<string, (text: string) => string>> = {
  'percent-encoded': (text) => encodeURIComponent(text),
  'percent-encoded, lowercase hex': (text) => lowerHex(encodeURIComponent(text)),
  'percent-encoded throughout': (text) =>
    [...new TextEncoder().encode(text)].map((byte) => `%${hex(byte, 2)}`).join(''),
  'form-encoded': (text) => new URLSearchParams({ v: text }).toString().slice(2),
  'form-encoded, lowercase hex': (text) =>
    lowerHex(new URLSearchParams({ v: text }).toString().slice(2)),
  'a JSON string': (text) => JSON.stringify(text).slice(1, -1),
  'a JSON string with \\/': (text) => JSON.stringify(text).slice(1, -1).replaceAll('/', '\\/'),
  'a JSON string of \\uXXXX escapes': (text) => unicodeEscapes(text),
  'a JSON string of \\uxxxx escapes': (text) => unicodeEscapes(text).toLowerCase(),
  'HTML decimal references': (text) =>
    [...text].map((c) => (isAlnum(c) ? c : `&#${c.codePointAt(0)};`)).join(''),
  'HTML hex references': (text) =>
    [...text].map((c) => (isAlnum(c) ? c : `&#x${hex(c.codePointAt(0) ?? 0, 1)};`)).join(''),
  'HTML-escaped': (text) =>
    text
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&apos;'),
};

/** What a server may have done to the value before encoding it. */
const BEFORE: Readonly<Record<string, (text: string) => string>> = {
  'as is': (text) => text,
  'with + read as a space': (text) => text.replaceAll('+', ' '),
};

/** `[description, form]` for every combination; the description says how it was made. */
export function echoedForms(value: string): [string, string][] {
  const forms: [string, string][] = [];
  const layers = Object.entries(LAYERS);
  for (const [before, prepare] of Object.entries(BEFORE)) {
    const start = prepare(value);
    forms.push([before, start]);
    for (const [inner, encodeInner] of layers) {
      const once = encodeInner(start);
      forms.push([`${before}, ${inner}`, once]);
      for (const [outer, encodeOuter] of layers) {
        forms.push([`${before}, ${inner}, then ${outer}`, encodeOuter(once)]);
      }
    }
  }
  return forms;
}
