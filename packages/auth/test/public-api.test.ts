import { describe, expect, it } from 'vitest';
import * as publicApi from '../src/index.js';
import * as internal from '../src/internal.js';

describe('@admin-api/auth public API', () => {
  it('exports exactly what its users need, and none of the helpers shared between our packages', () => {
    expect(Object.keys(publicApi).sort()).toEqual([
      'AdminApiError',
      'ConfigurationError',
      'DEFAULT_REFRESH_MARGIN_RATIO',
      'DEFAULT_REFRESH_MARGIN_S',
      'DEFAULT_TOKEN_RETRIES',
      'DEFAULT_TOKEN_TIMEOUT_MS',
      'TokenRequestError',
      'createMemoryTokenStore',
      'createTokenProvider',
      'credentialsFromEnv',
      'exchangeAuthorizationCode',
      'processRefreshableTokenResponse',
      'processTokenResponse',
      'refreshAccessToken',
      'requestToken',
    ]);
    for (const name of Object.keys(internal)) expect(Object.keys(publicApi)).not.toContain(name);
  });
});
