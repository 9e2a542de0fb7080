import { ConfigurationError } from './errors.js';
import { TOKEN_PATH } from './wire-constants.js';

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
}

/**
 * Resolves `{base}{path}` for a request that carries a credential. Accepts an origin with or
 * without a trailing slash, a path prefix, or a URL that already ends in `path`. Refuses plain
 * `http://` to a non-loopback host unless `allowInsecureHttp` is set.
 */
export function secureEndpointUrl(base: string, path: string, options: SecureEndpointOptions): URL {
  const { optionName, carries } = options;
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new ConfigurationError(
      'INVALID_OPTION',
      `"${optionName}" must be an absolute https:// URL (got ${JSON.stringify(String(base).slice(0, 100))})`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigurationError(
      'INVALID_OPTION',
      `"${optionName}" must use https: (got ${url.protocol})`,
    );
  }
  if (url.username || url.password) {
    throw new ConfigurationError('INVALID_OPTION', `"${optionName}" must not carry user info`);
  }
  if (url.protocol === 'http:' && !options.allowInsecureHttp && !isLoopbackHost(url.hostname)) {
    throw new ConfigurationError(
      'INSECURE_URL',
      `Refusing to send ${carries} over plain http:// to ${url.host} ("${optionName}"). Use https://, ` +
        'or set allowInsecureHttp: true if this host is on a trusted network.',
    );
  }
  const prefix = url.pathname.replace(/\/+$/, '');
  url.pathname = prefix.endsWith(path) ? prefix : `${prefix}${path}`;
  url.search = '';
  url.hash = '';
  return url;
}

/** Resolves `{authUrl}/api/admin/oauth/token`; see {@link secureEndpointUrl}. */
export function tokenEndpointUrl(authUrl: string, allowInsecureHttp = false): URL {
  return secureEndpointUrl(authUrl, TOKEN_PATH, {
    optionName: 'authUrl',
    carries: 'the client secret',
    allowInsecureHttp,
  });
}
