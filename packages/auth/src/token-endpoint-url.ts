import { AuthConfigError } from './errors.js';

/** Path of the token endpoint below `authUrl`. */
export const TOKEN_PATH = '/api/admin/oauth/token';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** True for `localhost`, `*.localhost`, 127.0.0.0/8 and `[::1]`. */
export function isLoopbackHost(hostname: string): boolean {
  return (
    LOOPBACK_HOSTS.has(hostname) ||
    hostname.endsWith('.localhost') ||
    /^127(?:\.\d{1,3}){3}$/.test(hostname)
  );
}

/**
 * Resolves `{authUrl}/api/admin/oauth/token`. Accepts an origin with or without a trailing slash,
 * a path prefix, or a URL that already ends in the token path. Refuses plain `http://` to a
 * non-loopback host unless `allowInsecureHttp` is set, because the secret would travel in clear.
 */
export function tokenEndpointUrl(authUrl: string, allowInsecureHttp = false): URL {
  let url: URL;
  try {
    url = new URL(authUrl);
  } catch {
    throw new AuthConfigError(
      'INVALID_OPTION',
      `"authUrl" must be an absolute URL such as https://<store>.myikas.com (got ${JSON.stringify(authUrl.slice(0, 100))})`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AuthConfigError('INVALID_OPTION', `"authUrl" must use https: (got ${url.protocol})`);
  }
  if (url.username || url.password) {
    throw new AuthConfigError('INVALID_OPTION', '"authUrl" must not carry user info');
  }
  if (url.protocol === 'http:' && !allowInsecureHttp && !isLoopbackHost(url.hostname)) {
    throw new AuthConfigError(
      'INSECURE_URL',
      `Refusing to send the client secret over plain http:// to ${url.host}. Use https://, ` +
        'or set allowInsecureHttp: true if this host is on a trusted network.',
    );
  }
  const base = url.pathname.replace(/\/+$/, '');
  url.pathname = base.endsWith(TOKEN_PATH) ? base : `${base}${TOKEN_PATH}`;
  url.search = '';
  url.hash = '';
  return url;
}
