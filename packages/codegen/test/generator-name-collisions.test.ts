import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  collectDefinitions,
  createIncrementalGenerator,
  generateModule,
  type SourceDocuments,
} from '../src/generator/index.js';
import { useProject } from './codegen-harness.js';
import { typeCheckGenerated } from './type-check-project.js';

const project = useProject();

/** Schema types named as the module names the definitions below: their fragment, result, variables. */
const schema = buildSchema(`
  enum ThingFragment { A B }
  enum ThingFragment2 { C }
  enum GetThingQuery { D }
  input GetThingQueryVariables { kind: ThingFragment, other: ThingFragment2, last: GetThingQuery }
  type Thing { kind: ThingFragment other: ThingFragment2 }
  type Query { thing(filter: GetThingQueryVariables): Thing }
`);

const fragment: SourceDocuments = {
  location: 'src/thing-fragment.graphql',
  documents: [parse('fragment Thing on Thing { kind other }')],
};
const query: SourceDocuments = {
  location: 'src/get-thing.graphql',
  documents: [
    parse(
      'query GetThing($filter: GetThingQueryVariables) { thing(filter: $filter) { ...Thing } }',
    ),
  ],
};

const declared = (module: string) =>
  [...module.matchAll(/^export (?:type|const) (\w+)/gm)].map((match) => match[1]);

describe('a schema type named as a name the module generates', () => {
  it('takes the first free number, so every name is declared once and the module compiles', async () => {
    const module = generateModule(schema, [fragment, query]);
    const names = declared(module);
    expect(names.length).toBe(new Set(names).size);
    // The generated names stay what graphql-codegen calls them; the schema's types step aside,
    // past a number the schema already uses.
    expect(module).toContain("export type ThingFragment3 = 'A' | 'B';");
    expect(module).toContain("export type ThingFragment2 = 'C';");
    expect(module).toContain("export type GetThingQuery2 = 'D';");
    expect(module).toContain('export type GetThingQueryVariables2 = {');
    expect(module).toContain(
      'export type ThingFragment = { kind: ThingFragment3 | null; other: ThingFragment2 | null };',
    );
    expect(module).toContain(
      'export type GetThingQueryVariables = { filter?: GetThingQueryVariables2 | null | undefined };',
    );

    const usage = `import type { GetThingQuery, GetThingQueryVariables, ThingFragment } from './generated/admin-api.js';
export const variables: GetThingQueryVariables = { filter: { kind: 'A', other: 'C', last: 'D' } };
export const thing: ThingFragment = { kind: 'B', other: null };
export const result: GetThingQuery = { thing };
// @ts-expect-error the fragment's type, not the schema's enum
export const notEnum: ThingFragment = 'A';
`;
    const dir = project({ 'src/usage.ts': usage });
    expect(await typeCheckGenerated(dir, module)).toBe('');
  });

  it('gives the same names whatever the order of the sources, and in a watch as the collision comes and goes', () => {
    const module = generateModule(schema, [fragment, query]);
    expect(generateModule(schema, [query, fragment])).toBe(module);

    // The same operation compiled again when the enum it selects is renamed, and back.
    const generator = createIncrementalGenerator(schema);
    const kindOnly: SourceDocuments = {
      location: 'src/get-thing.graphql',
      documents: [parse('query GetThing { thing { kind } }')],
    };
    const alone = generator.print(collectDefinitions([kindOnly]));
    expect(alone).toContain("export type ThingFragment = 'A' | 'B';");
    expect(alone).toContain(
      'export type GetThingQuery = { thing: { kind: ThingFragment | null } | null };',
    );
    expect(alone).toBe(generateModule(schema, [kindOnly]));
    const withFragment = generator.print(collectDefinitions([kindOnly, fragment]));
    expect(withFragment).toContain(
      'export type GetThingQuery = { thing: { kind: ThingFragment3 | null } | null };',
    );
    expect(withFragment).toBe(generateModule(schema, [kindOnly, fragment]));
    expect(generator.print(collectDefinitions([kindOnly]))).toBe(alone);
  });
});
