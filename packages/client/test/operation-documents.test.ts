import { type DocumentNode, Kind, parse, print, visit } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../src/index.js';
import { toOperation } from '../src/operation.js';

function refusal(document: unknown, operationName?: string): ConfigurationError {
  try {
    toOperation(document, operationName);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({ code: 'INVALID_DOCUMENT' });
    return error as ConfigurationError;
  }
  throw new Error('toOperation accepted the document');
}

describe('string documents, read without graphql-js', () => {
  it('are sent as given, with the operation picked by name', () => {
    const source =
      'query A { me { id } }\n# two\nmutation B($x: Int = 1) { b: save(x: $x) { id } }';
    expect(toOperation(source, 'B')).toEqual({
      query: source,
      operationName: 'B',
      operationType: 'mutation',
      soleRootKey: 'b',
    });
  });

  it('with a syntax error are INVALID_DOCUMENT with the parser’s message, line and column', () => {
    const error = refusal('query GetMe {\n  me { id\n}');
    expect(error.message).toBe(
      'The document does not parse at line 3, column 2: Syntax Error: Expected Name, found <EOF>.',
    );
  });

  it('with a type system definition are INVALID_DOCUMENT naming it, though graphql-js parses them', () => {
    const error = refusal('type Me { id: ID }\nquery { me { id } }');
    expect(error.message).toContain('type system definition ("type")');
    expect(error.message).toContain('line 1, column 1');
  });

  it('nested past the stack are INVALID_DOCUMENT, not a RangeError', () => {
    const deep = `{ a(x: ${'['.repeat(200_000)}${']'.repeat(200_000)}) }`;
    refusal(deep);
  });
});

describe('DocumentNode documents, printed without graphql-js', () => {
  it('send what graphql-js would print, compacted, and read as their string', () => {
    const document = parse(
      'query Q($ids: [ID!]! = ["a", "b"]) @cached(ttl: 5) { list(ids: $ids, where: { s: "x\\n\\"y\\"", n: null, on: true }) { ...F ... on P @skip(if: false) { id } } } fragment F on P { name }',
    );
    const operation = toOperation(document);
    expect(print(parse(operation.query))).toBe(print(document));
    expect(operation).toMatchObject({
      operationName: 'Q',
      operationType: 'query',
      soleRootKey: 'list',
    });
  });

  it('that were transformed after parsing send the transformed tree, not loc.source.body', () => {
    const parsed = parse('query GetMe { me { id } }');
    const withName = visit(parsed, {
      SelectionSet(node) {
        return {
          ...node,
          selections: [
            ...node.selections,
            { kind: Kind.FIELD, name: { kind: Kind.NAME, value: 'name' } },
          ],
        };
      },
    }) as DocumentNode;
    expect(withName.loc?.source.body).toBe('query GetMe { me { id } }');
    expect(toOperation(withName).query).toBe('query GetMe{me{id name} name}');
  });

  it.each([
    ['a type definition', { kind: 'Document', definitions: [{ kind: 'ObjectTypeDefinition' }] }],
    [
      'a name that is not a string',
      {
        kind: 'Document',
        definitions: [
          {
            kind: 'OperationDefinition',
            operation: 'query',
            selectionSet: {
              kind: 'SelectionSet',
              selections: [{ kind: 'Field', name: { kind: 'Name', value: 7 } }],
            },
          },
        ],
      },
    ],
    [
      'a name that is not a GraphQL name',
      {
        kind: 'Document',
        definitions: [
          {
            kind: 'OperationDefinition',
            operation: 'query',
            selectionSet: {
              kind: 'SelectionSet',
              selections: [{ kind: 'Field', name: { kind: 'Name', value: 'me } mutation { x' } }],
            },
          },
        ],
      },
    ],
  ])('with %s are INVALID_DOCUMENT, as not well-formed', (_, document) => {
    expect(refusal(document).message).toContain('not a well-formed GraphQL AST');
  });
});
