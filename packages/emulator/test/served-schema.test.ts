import type { APIErrorCode } from '@ikas/api-client';
import {
  buildClientSchema,
  buildSchema,
  getIntrospectionQuery,
  type IntrospectionQuery,
  lexicographicSortSchema,
  printSchema,
} from 'graphql';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { adminApiSchemaSdl, adminApiSchemaVersion, STATEFUL_ROOT_FIELDS } from '../src/index.js';
import type { ServiceErrorCode } from '../src/schema/graphql-errors.js';
import { useAdminApi } from './helpers.js';

const api = useAdminApi();
const sorted = (sdl: string) => printSchema(lexicographicSortSchema(buildSchema(sdl)));

describe('the schema the emulator serves', () => {
  it('introspects to exactly the imported SDL, descriptions and deprecations included', async () => {
    const introspection = await api.data<IntrospectionQuery>(
      getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }),
    );
    const served = printSchema(lexicographicSortSchema(buildClientSchema(introspection)));
    expect(served).toBe(sorted(adminApiSchemaSdl()));
    expect(served).toContain('@deprecated(reason: "Separated as new OrderSession model")');
  });

  it("answers with the error codes of the vendor client's APIErrorCode that a server sends (its NETWORK_ERROR and UNKNOWN are the client's own)", () => {
    expectTypeOf<ServiceErrorCode>().toEqualTypeOf<
      Exclude<`${APIErrorCode}`, 'NETWORK_ERROR' | 'UNKNOWN'>
    >();
  });

  it('is the vendor schema of the pinned @ikas/api-client version', () => {
    expect(adminApiSchemaSdl()).toMatch(/^# Admin API schema, imported from @ikas\/api-client@/);
    expect(adminApiSchemaVersion()).toBe('1.0.97');
  });

  it('answers the stateful core from the store: only real root fields, none of them mocked', async () => {
    const schema = buildSchema(adminApiSchemaSdl());
    const roots = {
      ...schema.getQueryType()?.getFields(),
      ...schema.getMutationType()?.getFields(),
    };
    expect(STATEFUL_ROOT_FIELDS.filter((field) => !(field in roots))).toEqual([]);
    const body = await api.execute('{ me { id } getMerchant { id } listCategory { id } }');
    expect(body.extensions).toBeUndefined();
  });
});
