/** Longest parameter read from a callback or launch URL: real ones are well under 1 KiB. */
const MAX_PARAM_LENGTH = 2_048;

/** The query of a callback or launch URL: a full URL, a request path, or its parameters. */
export type CallbackInput = string | URL | URLSearchParams;

/** The parameters of `input`; a relative URL (Node's `request.url`) is read as a path. */
export function callbackParams(input: CallbackInput): URLSearchParams {
  if (input instanceof URLSearchParams) return input;
  if (input instanceof URL) return input.searchParams;
  if (typeof input !== 'string') return new URLSearchParams();
  return new URL(input, 'http://callback.invalid').searchParams;
}

/** One parameter, if present, non-empty and bounded; `undefined` otherwise. */
export function param(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name);
  return value && value.length <= MAX_PARAM_LENGTH ? value : undefined;
}
