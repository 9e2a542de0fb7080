import ts from 'typescript';
import { readDoc, where } from './read-doc.js';
import type { InputValue, NamedType, OutputField, SchemaModel } from './schema-model.js';

/** The plugin's own helper types: no GraphQL type behind them. */
const HELPER_TYPES = new Set(['Maybe', 'InputMaybe', 'Exact', 'MakeOptional', 'MakeMaybe']);
const BUILT_IN_SCALARS = new Set(['ID', 'String', 'Boolean', 'Int', 'Float']);

type Wrapper = 'Maybe' | 'InputMaybe';

/**
 * Recovers the schema from graphql-codegen `typescript` plugin (2.x) output, as compiled to a
 * `.d.ts`. Object types are the type literals with a `__typename`, arguments come from the
 * `<Type><field>Args` literals, the other literals are input types. Anything else the plugin
 * could have printed (unions, interfaces, …) is an error rather than a silent loss.
 */
export function readTypings(fileName: string, sourceText: string): SchemaModel {
  const source = ts.createSourceFile(fileName, sourceText, ts.ScriptTarget.Latest, true);
  const literals = new Map<string, ts.TypeLiteralNode>();
  for (const statement of source.statements) {
    if (!ts.isTypeAliasDeclaration(statement) || HELPER_TYPES.has(statement.name.text)) continue;
    if (!ts.isTypeLiteralNode(statement.type)) {
      throw new Error(`${where(statement)}: ${statement.name.text} is not a type literal`);
    }
    literals.set(statement.name.text, statement.type);
  }

  const argsTypes = new Set<string>();
  const argsOf = (typeName: string, fieldName: string): InputValue[] => {
    const argsType = `${typeName}${fieldName}Args`;
    const args = literals.get(argsType);
    if (!args) return [];
    argsTypes.add(argsType);
    return args.members.map(readInputValue);
  };

  const types: NamedType[] = [];
  for (const statement of source.statements) {
    if (ts.isEnumDeclaration(statement)) {
      types.push({
        kind: 'enum',
        name: statement.name.text,
        doc: readDoc(statement),
        values: statement.members.map((member) => ({
          name: enumValue(member),
          doc: readDoc(member),
        })),
      });
    } else if (ts.isTypeAliasDeclaration(statement) && ts.isTypeLiteralNode(statement.type)) {
      const name = statement.name.text;
      const members = statement.type.members;
      if (name === 'Scalars') {
        for (const member of members) {
          const scalar = memberName(member);
          if (!BUILT_IN_SCALARS.has(scalar)) {
            types.push({ kind: 'scalar', name: scalar, doc: readDoc(member) });
          }
        }
      } else if (members.some((member) => memberName(member) === '__typename')) {
        const fields = members
          .filter((member) => memberName(member) !== '__typename')
          .map((member) => readOutputField(member, argsOf(name, memberName(member))));
        types.push({ kind: 'object', name, doc: readDoc(statement), fields });
      } else {
        const fields = members.map(readInputValue);
        types.push({ kind: 'input', name, doc: readDoc(statement), fields });
      }
    } else if (!ts.isTypeAliasDeclaration(statement)) {
      throw new Error(`${where(statement)}: unexpected ${ts.SyntaxKind[statement.kind]}`);
    }
  }
  // Arguments types were read as input types too; they are the fields' arguments instead.
  return { types: types.filter((type) => !argsTypes.has(type.name)) };
}

function readOutputField(member: ts.TypeElement, args: InputValue[]): OutputField {
  const { name, optional, type } = property(member);
  const sdl = sdlType(type, 'Maybe');
  // Output fields are optional exactly when nullable; anything else is not the plugin's output.
  if (optional === sdl.endsWith('!'))
    throw new Error(`${where(member)}: optionality ≠ nullability`);
  return { name, doc: readDoc(member), type: sdl, args };
}

function readInputValue(member: ts.TypeElement): InputValue {
  const { name, optional, type } = property(member);
  const sdl = sdlType(type, 'InputMaybe');
  const nonNull = sdl.endsWith('!');
  if (!optional && !nonNull) throw new Error(`${where(member)}: required but nullable`);
  // `field?: T` without InputMaybe: the plugin's form for a non-null input with a default value.
  return { name, doc: readDoc(member), type: sdl, hasHiddenDefault: optional && nonNull };
}

function property(member: ts.TypeElement): { name: string; optional: boolean; type: ts.TypeNode } {
  if (!ts.isPropertySignature(member) || !member.type) {
    throw new Error(`${where(member)}: expected a property with a type`);
  }
  return { name: memberName(member), optional: Boolean(member.questionToken), type: member.type };
}

function memberName(member: ts.TypeElement | ts.EnumMember): string {
  if (!member.name || !ts.isIdentifier(member.name)) {
    throw new Error(`${where(member)}: expected an identifier as the member name`);
  }
  return member.name.text;
}

function enumValue(member: ts.EnumMember): string {
  const name = memberName(member);
  // With `namingConvention: keep` the member is named after its value; a rename would be lossy.
  if (!member.initializer || !ts.isStringLiteral(member.initializer)) {
    throw new Error(`${where(member)}: expected a string enum member`);
  }
  if (member.initializer.text !== name) throw new Error(`${where(member)}: renamed enum value`);
  return name;
}

/** SDL type of a plugin type: `Maybe<X>`/`InputMaybe<X>` is nullable X, anything else X!. */
function sdlType(node: ts.TypeNode, wrapper: Wrapper): string {
  const nullable = typeArgument(node, wrapper);
  return nullable ? unwrappedType(nullable, wrapper) : `${unwrappedType(node, wrapper)}!`;
}

function unwrappedType(node: ts.TypeNode, wrapper: Wrapper): string {
  const element = typeArgument(node, 'Array');
  if (element) return `[${sdlType(element, wrapper)}]`;
  if (
    ts.isIndexedAccessTypeNode(node) &&
    ts.isTypeReferenceNode(node.objectType) &&
    node.objectType.getText() === 'Scalars' &&
    ts.isLiteralTypeNode(node.indexType) &&
    ts.isStringLiteral(node.indexType.literal)
  ) {
    return node.indexType.literal.text;
  }
  if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && !node.typeArguments) {
    return node.typeName.text;
  }
  throw new Error(`${where(node)}: unexpected type ${node.getText()}`);
}

function typeArgument(node: ts.TypeNode, generic: string): ts.TypeNode | undefined {
  if (!ts.isTypeReferenceNode(node) || node.typeName.getText() !== generic) return undefined;
  const [argument, ...more] = node.typeArguments ?? [];
  if (!argument || more.length > 0) throw new Error(`${where(node)}: ${generic} takes one type`);
  return argument;
}
