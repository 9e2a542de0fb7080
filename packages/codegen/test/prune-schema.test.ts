import { typeDefs } from '@admin-api/emulator';
import { useEmulator } from '@admin-api/emulator/testing';
import { schema as githubSchema } from '@octokit/graphql-schema';
import {
  buildClientSchema,
  type DocumentNode,
  type IntrospectionQuery,
  Kind,
  parse,
  printSchema,
} from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pruneSchemaForDocuments } from '../src/schema/prune-schema.js';
import { emulatorCredentials, runCodegen, useProject } from './codegen-harness.js';
import { operationsFor } from './large-schema-operations.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
const project = useProject();

const ABSTRACT_DOCUMENTS = {
  'src/node.graphql': `query Node($id: ID!) {
  node(id: $id) { __typename id createdAt ... on Product { name type } ... on Order { status customer { firstName } } }
}
query Search($q: String!) { search(query: $q) { __typename ... on Customer { firstName addresses { city } } } }
`,
  'src/fragments.graphql': 'fragment Who on MeResponse { id scopes }\nquery Me { me { ...Who } }\n',
  'src/mutation.graphql':
    'mutation Status($input: OrderStatusInput!) { updateOrderStatus(input: $input) { id status } }\n',
};

const typeNames = (document: DocumentNode) =>
  document.definitions.flatMap((d) =>
    'name' in d && d.name && d.kind !== Kind.DIRECTIVE_DEFINITION ? [d.name.value] : [],
  );

describe('schema pruning', () => {
  it('keeps only what the documents reach, including every possible type of an abstract one', () => {
    const pruned = pruneSchemaForDocuments(
      parse(typeDefs),
      Object.values(ABSTRACT_DOCUMENTS).map((d) => parse(d)),
    );
    expect(pruned).toBeDefined();
    const names = typeNames(pruned as DocumentNode);
    expect(names).toEqual(
      expect.arrayContaining([
        'Node',
        'Product',
        'Order',
        'Customer',
        'SearchResult',
        'OrderStatusInput',
      ]),
    );
    expect(names).not.toContain('ProductPaginationResponse');
    expect(names).not.toContain('ProductInput');
  });

  it('falls back to the full schema when the documents do not validate', () => {
    expect(
      pruneSchemaForDocuments(parse(typeDefs), [parse('query A { me { nope } }')]),
    ).toBeUndefined();
  });

  it('gives byte-identical output on the emulator schema with interfaces, unions and fragments', async () => {
    const dir = project(ABSTRACT_DOCUMENTS);
    const credentials = emulatorCredentials(emulator());
    const pruned = await runCodegen(dir, { credentials });
    const full = await runCodegen(dir, { credentials, pruneSchema: false });
    expect(pruned.content).toBe(full.content);
    expect(pruned.content).toContain("__typename: 'Product'");
  });

  it('keeps less than half of a 1,606-type schema for 100 operations', () => {
    const introspection = githubSchema.json as unknown as
      | IntrospectionQuery
      | { data: IntrospectionQuery };
    const schema = buildClientSchema('data' in introspection ? introspection.data : introspection);
    const sdl = parse(printSchema(schema));
    const operations = operationsFor(schema, 100).map((op) => parse(op));
    const pruned = pruneSchemaForDocuments(sdl, operations);
    expect(pruned).toBeDefined();
    expect(typeNames(pruned as DocumentNode).length).toBeLessThan(typeNames(sdl).length / 2);
  });
});
