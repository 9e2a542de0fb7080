import { join } from 'node:path';
import { adminApiSchemaSdl } from '@admin-api/emulator';
import { type DocumentNode, Kind, parse, printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { writeSchemaCache } from '../src/index.js';
import { pruneSchemaForDocuments } from '../src/schema/prune-schema.js';
import { runCodegen, useProject } from './codegen-harness.js';
import { githubSchema } from './github-schema.js';
import { operationsFor } from './large-schema-operations.js';

// The Admin API has no interfaces or unions; GitHub's schema has both (`Node`, `Starrable`,
// `SearchResultItem`), so the abstract cases run on it.
const project = useProject();
const githubSdl = parse(printSchema(githubSchema()));

const ABSTRACT_DOCUMENTS = {
  'src/node.graphql': `query Node($id: ID!) {
  node(id: $id) { __typename id ... on Repository { name stargazerCount } ... on Issue { title author { login } } }
}
query Search($q: String!) { search(query: $q, type: REPOSITORY, first: 5) { nodes { __typename ... on Repository { nameWithOwner owner { login } } } } }
`,
  'src/fragments.graphql':
    'fragment Who on User { login name }\nquery Viewer { viewer { ...Who } }\n',
  'src/mutation.graphql':
    'mutation Star($input: AddStarInput!) { addStar(input: $input) { starrable { id viewerHasStarred } } }\n',
};

const ADMIN_API_DOCUMENTS = [
  'fragment Card on Product { id name totalStock categories { id name } }',
  'query Me { me { id name scopes } }',
  'query Products($sku: StringFilterInput) { listProduct(sku: $sku) { count data { ...Card } } }',
];

const typeNames = (document: DocumentNode) =>
  document.definitions.flatMap((d) =>
    'name' in d && d.name && d.kind !== Kind.DIRECTIVE_DEFINITION ? [d.name.value] : [],
  );

describe('schema pruning', () => {
  it('keeps only what the documents reach, including every possible type of an abstract one', () => {
    const pruned = pruneSchemaForDocuments(
      githubSdl,
      Object.values(ABSTRACT_DOCUMENTS).map((d) => parse(d)),
    );
    expect(pruned).toBeDefined();
    const names = typeNames(pruned as DocumentNode);
    expect(names).toEqual(
      expect.arrayContaining([
        'Node',
        'Repository',
        'Issue',
        'SearchResultItem',
        'Starrable',
        'AddStarInput',
        // Possible types of `Node` and `SearchResultItem` that no document names.
        'Gist',
        'MarketplaceListing',
      ]),
    );
    expect(names).not.toContain('IssueConnection');
    expect(names).not.toContain('CreateIssueInput');
  });

  it('keeps only the types an Admin API document reaches', () => {
    const sdl = parse(adminApiSchemaSdl());
    const pruned = pruneSchemaForDocuments(
      sdl,
      ADMIN_API_DOCUMENTS.map((d) => parse(d)),
    );
    expect(pruned).toBeDefined();
    const names = typeNames(pruned as DocumentNode);
    expect(names).toEqual(
      expect.arrayContaining([
        'MeResponse',
        'AppScopeEnum',
        'Product',
        'SimpleCategory',
        'ProductPaginationResponse',
        'StringFilterInput',
      ]),
    );
    expect(names).not.toContain('Order');
    expect(names).not.toContain('ProductInput');
    expect(names.length).toBeLessThan(typeNames(sdl).length / 10);
  });

  it('falls back to the full schema when the documents do not validate', () => {
    expect(
      pruneSchemaForDocuments(parse(adminApiSchemaSdl()), [parse('query A { me { nope } }')]),
    ).toBeUndefined();
  });

  it('gives byte-identical output on a schema with interfaces, unions and fragments', async () => {
    const dir = project(ABSTRACT_DOCUMENTS);
    // From a cached schema: large-schema.test.ts compares the two fetching it from the emulator.
    const sdl = printSchema(githubSchema());
    writeSchemaCache(join(dir, 'admin-api.schema.graphql'), sdl, 'https://api.github.com/graphql');
    const pruned = await runCodegen(dir);
    const full = await runCodegen(dir, { pruneSchema: false });
    expect(pruned.content).toBe(full.content);
    expect(pruned.content).toContain("__typename: 'Repository'");
  });

  it('keeps less than half of a 1,606-type schema for 100 operations', () => {
    const operations = operationsFor(githubSchema(), 100).map((op) => parse(op));
    const pruned = pruneSchemaForDocuments(githubSdl, operations);
    expect(pruned).toBeDefined();
    expect(typeNames(pruned as DocumentNode).length).toBeLessThan(typeNames(githubSdl).length / 2);
  });
});
