import { createRequire } from 'node:module';
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { vendor, vendorPath } from '../scripts/schema-import/vendor-package.js';
import { adminApiSchema, STATEFUL_ROOT_FIELDS } from '../src/index.js';
import { useAdminApi } from './helpers.js';
import { requiredVariables } from './valid-variables.js';

const require = createRequire(import.meta.url);
const { QueryDefaultGQLs, MutationDefaultGQLs } = require(vendorPath(vendor.defaultGqls)) as {
  QueryDefaultGQLs: Record<string, string>;
  MutationDefaultGQLs: Record<string, string>;
};
const operations = Object.entries({ ...QueryDefaultGQLs, ...MutationDefaultGQLs });
// Parsed and given variables once: both passes send exactly the same requests.
const requests = operations.map(([field, operation]) => ({
  field,
  operation,
  variables: requiredVariables(adminApiSchema(), parse(operation)),
}));
/**
 * Stateful fields that the minimal variables make fail: their ids name no record (or their
 * order is not eligible), which the service answers with a documented code.
 */
const EXPECTED_FAILURES: Readonly<Record<string, string>> = {
  addOrderTag: 'ARGUMENT_VALIDATION_ERROR',
  removeOrderTag: 'ARGUMENT_VALIDATION_ERROR',
  fulfillOrder: 'ARGUMENT_VALIDATION_ERROR',
  updateOrderPackageStatus: 'ARGUMENT_VALIDATION_ERROR',
  deleteProductList: 'ARGUMENT_VALIDATION_ERROR',
  deleteCategoryList: 'ARGUMENT_VALIDATION_ERROR',
  deleteCustomerList: 'ARGUMENT_VALIDATION_ERROR',
  deleteProductTagList: 'ARGUMENT_VALIDATION_ERROR',
  deleteOrderTagList: 'ARGUMENT_VALIDATION_ERROR',
  saveVariantPrices: 'ARGUMENT_VALIDATION_ERROR',
  // "emulator" is no URL and no webhook scope.
  saveWebhook: 'ARGUMENT_VALIDATION_ERROR',
};

const api = useAdminApi({ now: () => Date.UTC(2026, 10, 22) });

async function runAll(): Promise<string[]> {
  const answers: string[] = [];
  for (const { field, operation, variables } of requests) {
    const body = await api.execute<Record<string, unknown>>(operation, variables);
    const expectedCode = EXPECTED_FAILURES[field];
    if (expectedCode) {
      expect(
        body.errors?.map((error) => error.extensions?.code),
        field,
      ).toEqual([expectedCode]);
    } else {
      expect(body.errors, field).toBeUndefined();
      expect(body.data?.[field], field).not.toBeNull();
      const mocked = !STATEFUL_ROOT_FIELDS.includes(field);
      expect(body.extensions?.mockedFields, field).toEqual(mocked ? [field] : undefined);
    }
    answers.push(JSON.stringify(body));
  }
  return answers;
}

describe("the vendor's default operations", () => {
  it('cover all 132 root fields of the schema', () => {
    const schema = adminApiSchema();
    const roots = [
      ...Object.keys(schema.getQueryType()?.getFields() ?? {}),
      ...Object.keys(schema.getMutationType()?.getFields() ?? {}),
    ];
    expect(operations.map(([field]) => field).sort()).toEqual(roots.sort());
    expect(roots).toHaveLength(132);
  });

  it('each answer data (or a documented validation code), the same twice over', async () => {
    const first = await runAll();
    api.emulator().reset();
    const second = await runAll();
    expect(second).toEqual(first);
  });
});
