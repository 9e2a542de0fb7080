import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../src/index.js';
import { tokenEndpointUrl } from '../src/internal.js';

describe('tokenEndpointUrl', () => {
  it.each([
    ['https://shop.example.com', 'https://shop.example.com/api/admin/oauth/token'],
    ['https://shop.example.com/', 'https://shop.example.com/api/admin/oauth/token'],
    [
      'https://shop.example.com/api/admin/oauth/token',
      'https://shop.example.com/api/admin/oauth/token',
    ],
    [
      'https://shop.example.com/api/admin/oauth/token/',
      'https://shop.example.com/api/admin/oauth/token',
    ],
    ['https://proxy.example.com/shop/', 'https://proxy.example.com/shop/api/admin/oauth/token'],
    ['http://127.0.0.1:4010', 'http://127.0.0.1:4010/api/admin/oauth/token'],
    ['http://localhost:4010', 'http://localhost:4010/api/admin/oauth/token'],
    ['http://[::1]:4010', 'http://[::1]:4010/api/admin/oauth/token'],
  ])('%s resolves to %s', (input, expected) => {
    expect(tokenEndpointUrl(input).href).toBe(expected);
  });

  it('refuses plain http to a non-loopback host', () => {
    expect(() => tokenEndpointUrl('http://shop.example.com')).toThrowError(
      expect.objectContaining({ code: 'INSECURE_URL' }),
    );
  });

  it('allows plain http to any host when the caller opts out', () => {
    expect(tokenEndpointUrl('http://10.0.0.5', { allowInsecureHttp: true }).href).toBe(
      'http://10.0.0.5/api/admin/oauth/token',
    );
  });

  it.each(['not a url', 'ftp://shop.example.com', 'https://user:pw@shop.example.com'])(
    'rejects %s as INVALID_OPTION',
    (input) => {
      expect(() => tokenEndpointUrl(input)).toThrowError(ConfigurationError);
      expect(() => tokenEndpointUrl(input)).toThrowError(
        expect.objectContaining({ code: 'INVALID_OPTION' }),
      );
    },
  );
});
