import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Emulator, EmulatorOptions } from '../src/index.js';
import { useEmulator } from '../src/testing.js';

export async function token(emulator: Emulator): Promise<string> {
  const response = await fetch(`${emulator.authUrl}/api/admin/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: emulator.clientId,
      client_secret: emulator.clientSecret,
    }),
  });
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

export function graphql(
  emulator: Emulator,
  accessToken: string | undefined,
  query: string,
  variables?: Record<string, unknown>,
): Promise<Response> {
  return fetch(`${emulator.baseUrl}/api/v2/admin/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
}

/** A GraphQL response body. */
export interface GraphQLBody<T> {
  data?: T | null;
  errors?: { message: string; path?: string[]; extensions?: { code?: string } }[];
  extensions?: { mockedFields?: string[] };
}

/**
 * One emulator for the file (reset before each test, rate limit off unless asked for) and a
 * token for it, with shorthands to run documents.
 */
export function useAdminApi(options: EmulatorOptions = {}) {
  const emulator = useEmulator(
    { beforeAll, beforeEach, afterAll },
    { rateLimit: false, ...options },
  );
  let accessToken: string | undefined;
  beforeEach(async () => {
    // Tokens outlive resets.
    accessToken ??= await token(emulator());
  });
  const execute = async <T>(query: string, variables?: Record<string, unknown>) => {
    const response = await graphql(emulator(), accessToken, query, variables);
    return (await response.json()) as GraphQLBody<T>;
  };
  return {
    emulator,
    execute,
    /** The data of a document that must answer without errors. */
    data: async <T>(query: string, variables?: Record<string, unknown>): Promise<T> => {
      const body = await execute<T>(query, variables);
      expect(body.errors).toBeUndefined();
      return body.data as T;
    },
    /** The `extensions.code`s of a document that must fail. */
    errorCodes: async (query: string, variables?: Record<string, unknown>): Promise<string[]> => {
      const body = await execute<unknown>(query, variables);
      expect(body.errors?.length).toBeGreaterThan(0);
      return (body.errors ?? []).map((error) => error.extensions?.code ?? '(no code)');
    },
  };
}
