/**
 * A printer of executable GraphQL syntax trees (operations and fragments), so that a caller's
 * `DocumentNode` is sent without importing graphql-js: a bundler would put graphql's `print`
 * (and, through it, a good part of graphql) into every bundle, string users' too, even behind a
 * dynamic import. The document's `loc.source.body` is not used instead: a tree transformed after
 * parsing (an added `__typename`, merged fragments) keeps the original's `loc`.
 *
 * Compact output, without descriptions (documentation only, and parsers older than the spec's
 * descriptions on operations refuse them). What it prints is then scanned like any string
 * document, so a malformed tree is refused there if not here; leaf values must be one token.
 */
import { NAME, readToken } from './document-lexer.js';

/** A node as the printer reads it: a hand-built tree may lack any property or mistype it. */
interface Node {
  readonly kind?: unknown;
  readonly value?: unknown;
  readonly name?: Node;
  readonly alias?: Node;
  readonly operation?: unknown;
  readonly definitions?: readonly Node[];
  readonly variableDefinitions?: readonly Node[];
  readonly variable?: Node;
  readonly type?: Node;
  readonly defaultValue?: Node;
  readonly directives?: readonly Node[];
  readonly arguments?: readonly Node[];
  readonly selectionSet?: Node;
  readonly selections?: readonly Node[];
  readonly typeCondition?: Node;
  readonly values?: readonly Node[];
  readonly fields?: readonly Node[];
}

function text(node: Node): string {
  if (typeof node.value !== 'string') {
    throw new TypeError(`a ${String(node.kind)} node's value must be a string`);
  }
  return node.value;
}

/** A leaf's value, which must be one token of `tokenKind`: no name may smuggle in syntax. */
function token(node: Node, tokenKind: string): string {
  const value = text(node);
  const read = readToken(value, 0);
  if (read.kind !== tokenKind || read.start !== 0 || read.end !== value.length) {
    throw new TypeError(`a ${String(node.kind)} node's value must be one GraphQL ${tokenKind}`);
  }
  return value;
}

/** A child node the grammar requires, printed. */
function child(
  node: Node,
  key: 'name' | 'selectionSet' | 'type' | 'typeCondition' | 'variable' | 'value',
): string {
  const value = (node as Record<string, unknown>)[key];
  if (value === undefined || value === null) {
    throw new TypeError(`a ${String(node.kind)} node has no ${key}`);
  }
  return printNode(value as Node);
}

/** `nodes` printed and joined; `open` and `close` around them when there is at least one. */
function join(nodes: readonly Node[] | undefined, separator = '', open = '', close = ''): string {
  return nodes?.length ? open + nodes.map(printNode).join(separator) + close : '';
}

/** Punctuation keeps tokens apart, but for two names in a row (`query Q`, `on T`): one space. */
export function printNode(node: Node): string {
  if (typeof node !== 'object' || node === null) throw new TypeError('a node must be an object');
  const { kind } = node;
  const directives = join(node.directives);
  const args = join(node.arguments, ',', '(', ')');
  switch (kind) {
    case 'Document':
      return join(node.definitions, ' ');
    case 'OperationDefinition':
      return `${text({ kind, value: node.operation })}${node.name ? ` ${child(node, 'name')}` : ''}${join(node.variableDefinitions, ',', '(', ')')}${directives}${child(node, 'selectionSet')}`;
    case 'FragmentDefinition':
      return `fragment ${child(node, 'name')} on ${child(node, 'typeCondition')}${directives}${child(node, 'selectionSet')}`;
    case 'VariableDefinition':
      return `${child(node, 'variable')}:${child(node, 'type')}${node.defaultValue ? `=${printNode(node.defaultValue)}` : ''}${directives}`;
    case 'SelectionSet':
      return `{${join(node.selections, ' ')}}`;
    case 'Field':
      return `${node.alias ? `${printNode(node.alias)}:` : ''}${child(node, 'name')}${args}${directives}${node.selectionSet ? printNode(node.selectionSet) : ''}`;
    case 'FragmentSpread':
      return `...${child(node, 'name')}${directives}`;
    case 'InlineFragment':
      return `...${node.typeCondition ? `on ${printNode(node.typeCondition)}` : ''}${directives}${child(node, 'selectionSet')}`;
    case 'Directive':
      return `@${child(node, 'name')}${args}`;
    case 'Argument':
    case 'ObjectField':
      return `${child(node, 'name')}:${child(node, 'value')}`;
    case 'Variable':
      return `$${child(node, 'name')}`;
    case 'NamedType':
      return child(node, 'name');
    case 'ListType':
      return `[${child(node, 'type')}]`;
    case 'NonNullType':
      return `${child(node, 'type')}!`;
    case 'Name':
    case 'EnumValue':
      return token(node, NAME);
    case 'IntValue':
      return token(node, 'Int');
    case 'FloatValue':
      return token(node, 'Float');
    case 'StringValue':
      // JSON's escapes are all GraphQL escapes.
      return JSON.stringify(text(node));
    case 'BooleanValue':
      if (typeof node.value !== 'boolean') throw new TypeError('a BooleanValue must be a boolean');
      return String(node.value);
    case 'NullValue':
      return 'null';
    case 'ListValue':
      return `[${join(node.values, ',')}]`;
    case 'ObjectValue':
      return `{${join(node.fields, ',')}}`;
    default:
      throw new TypeError(
        typeof kind === 'string'
          ? `a ${kind} node is no part of an operation or a fragment`
          : 'a node has no kind',
      );
  }
}
