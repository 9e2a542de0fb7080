import { ConfigurationError } from './errors.js';
import { bodyExcerpt, findSecret, redact, urlSecretForms } from './redact.js';
import { GRAPHQL_PATH, TOKEN_PATH } from './wire-constants.js';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** True for `localhost`, `*.localhost`, 127.0.0.0/8 and `[::1]`. */
export function isLoopbackHost(hostname: string): boolean {
  return (
    LOOPBACK_HOSTS.has(hostname) ||
    hostname.endsWith('.localhost') ||
    /^127(?:\.\d{1,3}){3}$/.test(hostname)
  );
}

/** Options of {@link secureEndpointUrl}. */
export interface SecureEndpointOptions {
  /** The option the base URL came from, for messages (`authUrl`, `baseUrl`). */
  optionName: string;
  /** What would travel in clear over `http://` (`the client secret`, `access tokens`). */
  carries: string;
  /** Allows `http://` to non-loopback hosts. */
  allowInsecureHttp?: boolean | undefined;
  /**
   * Whether the caller takes an `allowInsecureHttp` option, which the refusal of `http://` then
   * offers; codegen has none, and offers a loopback host instead. @default true
   */
  offersAllowInsecureHttp?: boolean | undefined;
  /**
   * The environment variable the base URL was read from (`ADMIN_API_AUTH_URL`): messages then
   * name it, since that is what the user set, and say which option it sets.
   */
  variable?: string | undefined;
  /**
   * Values no message may show (the client secret, when a form or a swapped variable put it in
   * the URL): taken out of the quoted URL before it is cut, so no part of one survives, and
   * lowercased too where `URL` lowercased it.
   */
  secrets?: readonly string[] | undefined;
}

/** How a refusal names the value: by its variable when it came from one, else by the option. */
function namer(optionName: string, variable: string | undefined) {
  return {
    subject: variable ?? `"${optionName}"`,
    tail: variable ? `; it sets ${optionName}` : '',
    aside: variable ? `${variable}, which sets ${optionName}` : `"${optionName}"`,
  };
}

/** Shortest secret looked for inside a URL: a shorter one could be an ordinary part of it. */
const MIN_SECRET_IN_URL = 8;

function decodedOrRaw(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * True when `base` holds one of `secrets` (of 8 characters or more) in any case, raw, percent-
 * or form-encoded. `URL` lowercases and cuts what it parses at `:`, `/` and `.`, so no quote of a
 * part of such a URL could be redacted reliably: it is refused whole, and nothing of it quoted.
 */
function holdsSecret(base: string, secrets: readonly string[]): boolean {
  const long = secrets.filter((secret) => secret.length >= MIN_SECRET_IN_URL);
  const texts = [base, decodedOrRaw(base)].map((text) => text.toLowerCase());
  return (
    long.some((secret) => texts.some((text) => text.includes(secret.toLowerCase()))) ||
    findSecret(base, long) !== undefined
  );
}

/**
 * Resolves `{base}{path}` for a request that carries a credential. Accepts an origin with or
 * without a trailing slash, a path prefix, or a URL that already ends in `path`. Refuses plain
 * `http://` to a non-loopback host unless `allowInsecureHttp` is set.
 */
export function secureEndpointUrl(base: string, path: string, options: SecureEndpointOptions): URL {
  const { optionName, carries } = options;
  const { subject, tail, aside } = namer(optionName, options.variable);
  if (holdsSecret(String(base), options.secrets ?? [])) {
    throw new ConfigurationError(
      'INVALID_OPTION',
      `${subject} contains the client secret (not quoted here): are two values swapped, or a form pasted in?${tail}`,
    );
  }
  const secrets = urlSecretForms(options.secrets ?? []);
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new ConfigurationError(
      'INVALID_OPTION',
      `${subject} must be an absolute https:// URL (got ${JSON.stringify(bodyExcerpt(String(base), secrets, 100))})${tail}`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigurationError(
      'INVALID_OPTION',
      `${subject} must use https: (got ${redact(url.protocol, secrets)})${tail}`,
    );
  }
  if (url.username || url.password) {
    throw new ConfigurationError('INVALID_OPTION', `${subject} must not carry user info${tail}`);
  }
  if (url.protocol === 'http:' && !options.allowInsecureHttp && !isLoopbackHost(url.hostname)) {
    throw new ConfigurationError(
      'INSECURE_URL',
      `Refusing to send ${carries} over plain http:// to ${redact(url.host, secrets)} (${aside}). ` +
        (options.offersAllowInsecureHttp === false
          ? 'Use https://, or http:// to a loopback host (such as a local proxy).'
          : 'Use https://, or set allowInsecureHttp: true if this host is on a trusted network.'),
    );
  }
  const prefix = url.pathname.replace(/\/+$/, '');
  url.pathname = prefix.endsWith(path) ? prefix : `${prefix}${path}`;
  url.search = '';
  url.hash = '';
  return url;
}

/**
 * Options of {@link tokenEndpointUrl} and {@link graphqlEndpointUrl}: those of
 * {@link secureEndpointUrl} they pass on.
 */
export type EndpointUrlOptions = Pick<
  SecureEndpointOptions,
  'allowInsecureHttp' | 'offersAllowInsecureHttp' | 'variable' | 'secrets'
>;

/** Resolves `{authUrl}/api/admin/oauth/token`; see {@link secureEndpointUrl}. */
export function tokenEndpointUrl(authUrl: string, options: EndpointUrlOptions = {}): URL {
  return secureEndpointUrl(authUrl, TOKEN_PATH, {
    ...options,
    optionName: 'authUrl',
    carries: 'the client secret',
  });
}

/**
 * Resolves `{baseUrl}/api/v2/admin/graphql`; see {@link secureEndpointUrl}. The bearer token would
 * travel in clear over plain `http://`.
 */
export function graphqlEndpointUrl(baseUrl: string, options: EndpointUrlOptions = {}): URL {
  return secureEndpointUrl(baseUrl, GRAPHQL_PATH, {
    ...options,
    optionName: 'baseUrl',
    carries: 'access tokens',
  });
}
