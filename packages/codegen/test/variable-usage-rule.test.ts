import { adminApiSchema } from '@admin-api/emulator';
import {
  buildSchema,
  type DocumentNode,
  type GraphQLSchema,
  NoUndefinedVariablesRule,
  parse,
  VariablesInAllowedPositionRule,
  validate,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { variableUsageRule } from '../src/runner/variable-usage-rule.js';
import { adminApiDefaultOperations } from './generator-corpus.js';
import { githubSchema } from './github-schema.js';
import { operationsFor } from './large-schema-operations.js';

/** Each error's message and the places it points at: what a diagnostic is made of. */
function problems(schema: GraphQLSchema, document: DocumentNode, useOurs: boolean): string[] {
  const rules = useOurs
    ? [variableUsageRule({ undefinedVariables: true, allowedPositions: true })]
    : [NoUndefinedVariablesRule, VariablesInAllowedPositionRule];
  return validate(schema, document, rules).map(
    (error) => `${error.message} @ ${(error.locations ?? []).map((l) => `${l.line}:${l.column}`)}`,
  );
}

const TEST_SCHEMA = buildSchema(`
  directive @limit(max: Int!) on FIELD | INLINE_FRAGMENT | FRAGMENT_SPREAD | QUERY
  input Range { from: Int!, to: Int = 10, step: Int! = 1, tags: [String!] }
  input Pick @oneOf { id: ID, name: String }
  interface Node { id: ID! }
  type Item implements Node { id: ID!, name(upper: Boolean!): String, parts(range: Range, ids: [ID!]!): [Item!]! }
  type Query {
    item(id: ID!): Item
    items(range: Range!, first: Int = 5, order: [String!]): [Item!]!
    node(id: ID!): Node
    pick(by: Pick!): Item
    pickAny(by: Pick): Item
    limited(max: Int! = 3): [Item!]!
  }
`);

/** Documents that break one rule or the other in every place a variable can be. */
const REPORTED = [
  'query A { item(id: $missing) { id } }',
  '{ item(id: $missing) { id } }',
  'query B($id: ID) { item(id: $id) { id } }',
  'query C($to: Int) { items(range: { from: $to, to: $to }) { id } }',
  'query D($tag: String) { items(range: { from: 1, tags: [$tag, "x"] }) { id } }',
  'query E($first: Int, $order: [String]) { items(range: { from: 1 }, first: $first, order: $order) { id } }',
  'query F($upper: Boolean) { item(id: "1") { name(upper: $upper) } }',
  'query G($max: Int) @limit(max: $max) { item(id: "1") { id ... on Item @limit(max: $max) { name(upper: true) } } }',
  'query H($x: String) { item(id: "1") { name(upper: true) @unknown(upper: $x) } }',
  'query I($name: String) { pickAny(by: { name: $name }) { id } }',
  'query J($ids: [ID]) { item(id: "1") { parts(ids: $ids) { id } } }',
  'query K($id: ID! = "1") { node(id: $id) { ... on Item { parts(ids: [$id, $other]) { id } } } }',
  'query L($range: Range) { ...Spread } fragment Spread on Query { items(range: $range) { ...Deep } } fragment Deep on Item { parts(ids: [$nope]) { id } }',
  'query M { ...Spread } query N($range: Range!) { ...Spread } fragment Spread on Query { items(range: $range) { id } }',
  'fragment Before on Query { items(range: $range) { id } } query S($range: Range) { ...Before }',
  'query T($step: Int) { items(range: { from: 1, tags: [$step] }) { id } limited(max: $step) { id } }',
];

/** Documents where neither rule has anything to say (other rules report the unknown names). */
const SILENT = [
  'query O($v: Int) { nope(arg: $v) { id } item(id: "1") { nope(x: $v) } }',
  'query P($name: String) { pick(by: { name: $name }) { id } }',
  'query Q($x: String) { item(id: "1") { id @unknown(upper: $x) } }',
  'query R($range: Range!, $to: Int) { items(range: $range) { parts(range: { from: 1, to: $to }, ids: []) { id } } }',
  'query U($max: Int, $step: Int) { limited(max: $max) { id } items(range: { from: 1, step: $step }) { id } }',
];

describe('the variable usage rule', () => {
  it("reports exactly what graphql-js's NoUndefinedVariables and VariablesInAllowedPosition rules report", () => {
    for (const source of [...REPORTED, ...SILENT]) {
      const document = parse(source);
      const theirs = problems(TEST_SCHEMA, document, false);
      expect({ source, ours: problems(TEST_SCHEMA, document, true) }).toEqual({
        source,
        ours: theirs,
      });
    }
    // Agreeing is not agreeing on nothing.
    const reported = (source: string) => problems(TEST_SCHEMA, parse(source), false).length > 0;
    expect(REPORTED.filter((source) => !reported(source))).toEqual([]);
    expect(SILENT.filter(reported)).toEqual([]);
  });

  it("agrees with graphql-js on the vendor's 132 Admin API operations and 500 on GitHub's schema", () => {
    const corpora: [GraphQLSchema, string[]][] = [
      [adminApiSchema(), adminApiDefaultOperations()],
      [githubSchema(), operationsFor(githubSchema(), 500)],
    ];
    for (const [schema, operations] of corpora) {
      const document = parse(operations.join('\n'));
      expect(problems(schema, document, true)).toEqual(problems(schema, document, false));
    }
  });

  it('leaves out the half the user ignores', () => {
    const document = parse(
      'query B($id: ID) { item(id: $id) { id } other: item(id: $nope) { id } }',
    );
    const only = (undefinedVariables: boolean) =>
      validate(TEST_SCHEMA, document, [
        variableUsageRule({ undefinedVariables, allowedPositions: !undefinedVariables }),
      ]).map((error) => error.message);
    expect(only(true)).toEqual(['Variable "$nope" is not defined by operation "B".']);
    expect(only(false)).toEqual([
      'Variable "$id" of type "ID" used in position expecting type "ID!".',
    ]);
  });
});
