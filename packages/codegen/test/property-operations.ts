import fc from 'fast-check';
import {
  buildSchema,
  doTypesOverlap,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
  isAbstractType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
  typeFromAST,
  type VariableDefinitionNode,
} from 'graphql';

/**
 * A small schema with what the generator must get right: interfaces and unions (results
 * discriminated by `__typename`), nested nullable lists in results and in variables, and types
 * named as the module names the definitions of {@link FIXED_DEFINITIONS}.
 */
export const PROPERTY_SDL = `
interface Node { id: ID! }
interface Named { name: String }
enum Role { ADMIN MEMBER }
"Named as the type of fragment Thing."
enum ThingFragment { A B }
"Named as the variables of query GetThing."
input GetThingQueryVariables { ids: [ID]!, roles: [Role!], grid: [[Int]!], nested: GetThingQueryVariables }
type User implements Node & Named {
  id: ID!
  name: String
  role: Role!
  friends: [User]
  tags: [[String]!]
  thing: ThingFragment
  best: Member
}
type Group implements Node & Named { id: ID! name: String members: [User!]! matrix: [[Int]] owner: Named }
type Bot implements Node { id: ID! version: Int matrix: [[Int]] }
union Member = User | Bot
union Anything = User | Group | Bot
type Query {
  node(id: ID!): Node
  nodes(ids: [ID]!): [Node]!
  search(filter: GetThingQueryVariables, roles: [Role]!, grid: [[Int]!]!): [Anything!]
  grid(m: [[Int]]): [[Int]]
  member: Member
  thing: ThingFragment
  me: User
}
`;

export const propertySchema = (): GraphQLSchema => buildSchema(PROPERTY_SDL);

/** Always in the module: a fragment and an operation whose generated names the schema also uses. */
export const FIXED_DEFINITIONS = `fragment Thing on User { id thing }
query GetThing($search_filter: GetThingQueryVariables, $search_roles: [Role]!, $search_grid: [[Int]!]!) {
  search(filter: $search_filter, roles: $search_roles, grid: $search_grid) { __typename ... on User { ...Thing } }
}`;

const FRAGMENTS = 4;
const DEPTH = 3;

type Draw = fc.GeneratorValue;

/** What a selection may use: the schema, the fragments defined so far, fresh alias numbers. */
interface Scope {
  readonly schema: GraphQLSchema;
  readonly fragments: { readonly name: string; readonly on: GraphQLCompositeType }[];
  aliases: number;
}

function pick<T>(draw: Draw, items: readonly T[]): T {
  return items[draw(fc.integer, { min: 0, max: items.length - 1 })] as T;
}

/** Maybe `@include(if: $c0)` or `@skip(if: $c1)`: every operation declares both. */
function condition(draw: Draw): string {
  return pick(draw, ['', '', '', ' @include(if: $c0)', ' @skip(if: $c1)']);
}

/** Maybe an alias, unique in the document so two response keys never conflict. */
function alias(draw: Draw, scope: Scope): string {
  return draw(fc.boolean) ? `k${scope.aliases++}: ` : '';
}

function selectionSet(draw: Draw, scope: Scope, type: GraphQLCompositeType, depth: number): string {
  const { schema } = scope;
  const items: string[] = [];
  const count = draw(fc.integer, { min: 1, max: 3 });
  for (let i = 0; i < count; i++) {
    const kind = draw(fc.integer, { min: 0, max: 7 });
    const spreads = scope.fragments.filter(({ on }) => doTypesOverlap(schema, on, type));
    if (kind === 0 || (isUnionType(type) && kind > 3)) {
      items.push(`${alias(draw, scope)}__typename${condition(draw)}`);
    } else if (kind <= 2 && depth > 0) {
      const targets = Object.values(schema.getTypeMap()).filter(
        (candidate): candidate is GraphQLCompositeType =>
          isCompositeType(candidate) &&
          candidate !== schema.getQueryType() &&
          doTypesOverlap(schema, candidate, type),
      );
      const on = pick(draw, targets);
      items.push(`... on ${on.name}${condition(draw)} ${selectionSet(draw, scope, on, depth - 1)}`);
    } else if (kind === 3 && spreads.length > 0) {
      items.push(`...${pick(draw, spreads).name}${condition(draw)}`);
    } else if (!isUnionType(type)) {
      const field = pick(draw, Object.values(type.getFields()));
      items.push(
        `${alias(draw, scope)}${field.name}${condition(draw)}${subSelection(draw, scope, field, depth)}`,
      );
    } else {
      items.push('__typename');
    }
  }
  return `{ ${items.join(' ')} }`;
}

function subSelection(
  draw: Draw,
  scope: Scope,
  field: GraphQLField<unknown, unknown>,
  depth: number,
): string {
  const named = getNamedType(field.type);
  if (!isCompositeType(named)) return '';
  return ` ${depth > 0 ? selectionSet(draw, scope, named, depth - 1) : '{ __typename }'}`;
}

/** Random definitions: fragments `<prefix>F0`…, operations `<prefix>Op0`…. */
export interface RandomDocument {
  readonly fragments: readonly string[];
  readonly operations: readonly string[];
}

/**
 * Documents of `operations` random queries and a few fragments (each may spread the ones before
 * it), with aliases, inline fragments on interfaces, unions and their members, `@include`/`@skip`,
 * and variables for every argument of the root fields, typed as the arguments are.
 */
export function randomDocument(prefix: string, operations: number): fc.Arbitrary<RandomDocument> {
  return fc.gen().map((draw) => {
    const schema = propertySchema();
    const scope: Scope = { schema, fragments: [], aliases: 0 };
    const fragments: string[] = [];
    const objectTypes = Object.values(schema.getTypeMap()).filter(
      (type): type is GraphQLCompositeType =>
        isCompositeType(type) && !type.name.startsWith('__') && type !== schema.getQueryType(),
    );
    for (let i = 0; i < FRAGMENTS; i++) {
      const on = pick(draw, objectTypes);
      fragments.push(
        `fragment ${prefix}F${i} on ${on.name} ${selectionSet(draw, scope, on, DEPTH - 1)}`,
      );
      scope.fragments.push({ name: `${prefix}F${i}`, on });
    }
    const query = schema.getQueryType();
    if (!query) throw new Error('no Query type');
    const rootFields = Object.values(query.getFields());
    const texts: string[] = [];
    for (let i = 0; i < operations; i++) {
      const chosen = [
        ...new Set(
          Array.from({ length: draw(fc.integer, { min: 1, max: 3 }) }, () =>
            pick(draw, rootFields),
          ),
        ),
      ];
      const variables = ['$c0: Boolean!', '$c1: Boolean!'];
      const selections = ['cond: __typename @include(if: $c0) @skip(if: $c1)'];
      for (const field of chosen) {
        const args = field.args.map((arg) => {
          variables.push(`$${field.name}_${arg.name}: ${arg.type}`);
          return `${arg.name}: $${field.name}_${arg.name}`;
        });
        const head = args.length > 0 ? `${field.name}(${args.join(', ')})` : field.name;
        selections.push(`${alias(draw, scope)}${head}${subSelection(draw, scope, field, DEPTH)}`);
      }
      texts.push(`query ${prefix}Op${i}(${variables.join(', ')}) { ${selections.join(' ')} }`);
    }
    return { fragments, operations: texts };
  });
}

/** A seeded generator of numbers in [0, 1): mulberry32. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SCALARS: Readonly<Record<string, (random: () => number) => unknown>> = {
  ID: (random) => `id${Math.floor(random() * 100)}`,
  Int: (random) => Math.floor(random() * 200) - 100,
  String: (random) => `s${Math.floor(random() * 100)}`,
  Boolean: (random) => random() < 0.5,
};

/**
 * A resolver for every field that answers a random value of the field's type: null in a
 * nullable place now and then, lists of zero to three items, objects as `{ __typename }` of a
 * possible type (which `typeResolver` reads).
 */
export function mockResolvers(schema: GraphQLSchema, random: () => number) {
  const value = (type: GraphQLOutputType): unknown => {
    if (isNonNullType(type)) return nonNull(type.ofType);
    return random() < 0.25 ? null : nonNull(type);
  };
  const nonNull = (type: GraphQLOutputType): unknown => {
    if (isNonNullType(type)) return nonNull(type.ofType);
    if (isListType(type)) {
      return Array.from({ length: Math.floor(random() * 4) }, () => value(type.ofType));
    }
    if (isEnumType(type))
      return type.getValues()[Math.floor(random() * type.getValues().length)]?.name;
    if (isAbstractType(type)) {
      const possible = schema.getPossibleTypes(type);
      return { __typename: possible[Math.floor(random() * possible.length)]?.name };
    }
    if (isObjectType(type)) return { __typename: type.name };
    const scalar = SCALARS[type.name];
    if (!scalar) throw new Error(`no mock for ${type.name}`);
    return scalar(random);
  };
  return {
    fieldResolver: (
      _source: unknown,
      _args: unknown,
      _context: unknown,
      info: { returnType: GraphQLOutputType },
    ) => value(info.returnType),
    typeResolver: (source: unknown) => (source as { __typename: string }).__typename,
  };
}

/**
 * Variables graphql-js accepts, in the forms the generated types promise: a list variable as a
 * list or as its one item, input object fields as they are declared.
 */
export function validVariables(
  schema: GraphQLSchema,
  definitions: readonly VariableDefinitionNode[],
  random: () => number,
): Record<string, unknown> {
  const input = (type: GraphQLInputType, top: boolean): unknown => {
    if (isNonNullType(type)) return nonNull(type.ofType, top);
    return random() < 0.25 ? null : nonNull(type, top);
  };
  const nonNull = (type: GraphQLInputType, top: boolean): unknown => {
    if (isNonNullType(type)) return nonNull(type.ofType, top);
    if (isListType(type)) {
      if (top && random() < 0.3) return nonNull(getNamedType(type), false);
      return Array.from({ length: Math.floor(random() * 3) }, () => input(type.ofType, top));
    }
    if (isEnumType(type))
      return type.getValues()[Math.floor(random() * type.getValues().length)]?.name;
    if (isInputObjectType(type)) {
      const fields: Record<string, unknown> = {};
      for (const field of Object.values(type.getFields())) {
        // A level of nesting, not more: the type refers to itself.
        if (field.type === type && random() < 0.7) continue;
        if (!isNonNullType(field.type) && random() < 0.3) continue;
        fields[field.name] = input(field.type, false);
      }
      return fields;
    }
    const scalar = SCALARS[type.name];
    if (!scalar) throw new Error(`no mock for ${type.name}`);
    return scalar(random);
  };
  const variables: Record<string, unknown> = {};
  for (const definition of definitions) {
    const type = typeFromAST(schema, definition.type) as GraphQLInputType;
    variables[definition.variable.name.value] = input(type, true);
  }
  return variables;
}

/** Leaves of every kind, and a wrong one for every input type the schema has. */
const ODD_LEAVES: readonly unknown[] = [null, 1, 'x', true, 'ADMIN', 'NOPE', 'id1'];

/** Any JSON value: lists nested, objects with the schema's input field names and others. */
function anyValue(random: () => number, depth: number): unknown {
  const roll = random();
  if (depth === 0 || roll < 0.5) return ODD_LEAVES[Math.floor(random() * ODD_LEAVES.length)];
  if (roll < 0.8) {
    return Array.from({ length: Math.floor(random() * 3) }, () => anyValue(random, depth - 1));
  }
  const object: Record<string, unknown> = {};
  for (const key of ['ids', 'roles', 'grid', 'nested', 'other']) {
    if (random() < 0.5) object[key] = anyValue(random, depth - 1);
  }
  return object;
}

/**
 * Variables a little off the valid ones: one variable left out, or replaced by any value (null
 * where not allowed, a list where an item is due, a string for an integer, an unknown field…).
 */
export function mutatedVariables(
  valid: Record<string, unknown>,
  random: () => number,
): Record<string, unknown> {
  const names = Object.keys(valid);
  const name = names[Math.floor(random() * names.length)] as string;
  const { [name]: _left, ...rest } = valid;
  return random() < 0.15 ? rest : { ...rest, [name]: anyValue(random, 3) };
}
