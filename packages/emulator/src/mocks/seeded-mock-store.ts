import { createMockStore, type IMockStore, type IMocks } from '@graphql-tools/mock';
import { type GraphQLSchema, isObjectType } from 'graphql';
import { KEY_FIELDS } from './seeded-mocks.js';

type KeyGenerator = (typeName: string, onOtherFieldsGenerated?: unknown) => unknown;

/**
 * Mock stores for one request each. graphql-tools/mock keys an object whose type has no `id` by
 * `Math.random()`; such keys never reach a response, but a counter keeps the whole request free
 * of unseeded randomness. (It replaces the store's `generateKeyForType`, private in the typings.)
 * A store merges its mocks with the defaults when built, which took milliseconds per request for
 * a schema's hundreds of mocks: each request's store inherits one built store and empties its own
 * records (`reset`).
 */
export function seededMockStores(schema: GraphQLSchema, mocks: IMocks): () => IMockStore {
  const built = createMockStore({ schema, mocks });
  return () => {
    const store = Object.create(built) as IMockStore;
    store.reset();
    const internals = store as unknown as { generateKeyForType: KeyGenerator };
    const keyed = internals.generateKeyForType.bind(store);
    let keys = 0;
    internals.generateKeyForType = (typeName, onOtherFieldsGenerated) => {
      const type = schema.getType(typeName);
      const hasKey = isObjectType(type) && KEY_FIELDS.some((name) => name in type.getFields());
      return hasKey ? keyed(typeName, onOtherFieldsGenerated) : `${typeName}#${++keys}`;
    };
    return store;
  };
}
