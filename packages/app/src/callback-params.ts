/** Longest parameter read from a callback or launch URL: real ones are well under 1 KiB. */
const MAX_PARAM_LENGTH = 2_048;

/** The query of a callback or launch URL: a full URL, a request path, or its parameters. */
export type CallbackInput = string | URL | URLSearchParams;

/**
 * The parameters of `input`; a relative URL (Node's `request.url`) is read as a path. An input
 * that is not a URL at all (a raw request line such as `//[`) gives `undefined`.
 */
export function callbackParams(input: CallbackInput): URLSearchParams | undefined {
  if (input instanceof URLSearchParams) return input;
  if (input instanceof URL) return input.searchParams;
  if (typeof input !== 'string') return undefined;
  try {
    return new URL(input, 'http://callback.invalid').searchParams;
  } catch {
    return undefined;
  }
}

/**
 * One parameter, if present once, non-empty and bounded; `undefined` otherwise. A repeated one
 * is refused rather than read first-wins: code that reads the URL itself could take the other.
 */
export function param(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  const [value] = values;
  return values.length === 1 && value && value.length <= MAX_PARAM_LENGTH ? value : undefined;
}
