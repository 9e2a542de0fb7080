import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { generateModule } from '../src/generator/index.js';
import { useProject } from './codegen-harness.js';
import { assignment, operationOf, variablesError } from './graphql-oracle.js';
import { typeCheckGenerated } from './type-check-project.js';

const project = useProject();

const schema = buildSchema(`
  enum Status { OPEN CLOSED }
  type Query {
    ids(a: [ID]!): Int
    ints(a: [Int]!): Int
    statuses(a: [Status]!): Int
    grid(a: [[Int]!]!): Int
    loose(a: [[Int]]): Int
    strict(a: [[Int!]!]): Int
  }
`);

/** One operation per list type, each with one variable `$a` of that type. */
const OPERATIONS = {
  Ids: 'query Ids($a: [ID]!) { ids(a: $a) }',
  Ints: 'query Ints($a: [Int]!) { ints(a: $a) }',
  Statuses: 'query Statuses($a: [Status]!) { statuses(a: $a) }',
  Grid: 'query Grid($a: [[Int]!]!) { grid(a: $a) }',
  Loose: 'query Loose($a: [[Int]]) { loose(a: $a) }',
  Strict: 'query Strict($a: [[Int!]!]) { strict(a: $a) }',
} as const;

/** Values told apart by their shape: null at each level, one item, lists of lists. */
const VALUES: readonly unknown[] = [
  null,
  1,
  '1',
  'OPEN',
  [],
  [null],
  [1],
  [1, null],
  [null, 1],
  ['OPEN', null],
  [[1]],
  [[1, null]],
  [[1], null],
  [null, [1]],
  [[null]],
  [1, [2]],
  [[[1]]],
  [[], []],
];

describe('list variables', () => {
  it('take exactly what graphql-js accepts: the one-item form never brings back the null a non-null list refuses, and is never a list', async () => {
    const module = generateModule(schema, [
      {
        location: 'src/lists.graphql',
        documents: Object.values(OPERATIONS).map((text) => parse(text)),
      },
    ]);
    expect(module).toContain(
      'export type IdsQueryVariables = { a: Array<string | number | null> | string | number };',
    );
    expect(module).toContain(
      'export type StatusesQueryVariables = { a: Array<Status | null> | Status };',
    );
    expect(module).toContain(
      'export type GridQueryVariables = { a: Array<Array<number | null> | number> | number };',
    );

    const lines = ["import type * as Generated from './generated/admin-api.js';"];
    const refusals: string[] = [];
    let cases = 0;
    for (const [name, text] of Object.entries(OPERATIONS)) {
      const operation = operationOf(text);
      for (const value of VALUES) {
        const error = variablesError(schema, operation, { a: value });
        if (error) refusals.push(error);
        const type = `Generated.${name}QueryVariables`;
        lines.push(assignment(`case${cases++}`, type, { a: value }, error !== undefined));
      }
    }
    // The server's own words for the defect: a non-null list with nullable items given null.
    expect(refusals).toContain('Variable "$a" of non-null type "[Int]!" must not be null.');
    expect(refusals.length).toBeGreaterThan(cases / 3);

    const dir = project({ 'src/cases.ts': lines.join('\n') });
    expect(await typeCheckGenerated(dir, module)).toBe('');
  });
});
