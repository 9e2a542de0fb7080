import type { FragmentDefinitionNode, GraphQLSchema, OperationDefinitionNode } from 'graphql';
import { compareCodeUnits } from '../compare-code-units.js';

/** One word of a name: `HTMLMetaData` → `HTML`, `Meta`, `Data`. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1\0$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1\0$2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '');
}

function pascalCase(name: string): string {
  return words(name)
    .map((word, index) => {
      const first = word.charAt(0);
      const initial = index > 0 && first >= '0' && first <= '9' ? `_${first}` : first.toUpperCase();
      return initial + word.slice(1).toLowerCase();
    })
    .join('');
}

/**
 * The TypeScript name graphql-codegen gives a GraphQL name (`HTMLMetaData` → `HtmlMetaData`,
 * `get_me` → `Get_Me`), so generated names stay what users of codegen and of the vendor's
 * typings know. GraphQL names are ASCII, so plain ASCII case mapping gives the same names on
 * every machine, whatever its locale.
 */
export function typeName(graphqlName: string): string {
  let name = typeNames.get(graphqlName);
  if (name === undefined) {
    name = graphqlName.split('_').map(pascalCase).join('_');
    typeNames.set(graphqlName, name);
  }
  return name;
}

// GraphQL names are few, and every one is converted many times.
const typeNames = new Map<string, string>();

/**
 * Type names the module itself declares (`Sdk`), imports (`AdminClient`, …) or uses from the
 * global scope (`Record`, `Promise`, …): a schema type or a shared shape named so would shadow
 * them, and the module would not compile.
 */
export const MODULE_TYPE_NAMES: ReadonlySet<string> = new Set([
  'AdminClient',
  'Array',
  'Promise',
  'PropertyKey',
  'Record',
  'RequestArgs',
  'ReturnType',
  'Sdk',
  'TypedDocumentNode',
  'TypedDocumentString',
]);

/** The TypeScript names a module gives the schema's types. */
export interface SchemaTypeNames {
  /** The TypeScript name of the schema type `graphqlName`. */
  of(graphqlName: string): string;
  /** The same for two instances exactly when they name every type alike. */
  readonly key: string;
}

/**
 * The TypeScript names of a schema's types in a module that also declares `generated` (the
 * names of its fragments' and operations' types and documents): {@link typeName}, except where
 * that name is taken. A type whose name is one of {@link MODULE_TYPE_NAMES} or of `generated`
 * (`enum ThingFragment` beside `fragment Thing`), or that maps to the name of another type
 * (`orderStatus` and `OrderStatus` → `OrderStatus`), gets the first free number after it (`Sdk`
 * → `Sdk2`, or `Sdk3` if the schema has an `Sdk2`), as shared shapes do. Of two types mapping
 * to one name, the first in code-unit order keeps it, so the names depend on neither the
 * schema's order nor the order of the documents.
 */
export function schemaTypeNames(
  schema: GraphQLSchema,
  generated: ReadonlySet<string>,
): SchemaTypeNames {
  let cached = namesBySchema.get(schema);
  if (!cached) {
    const graphqlNames = Object.keys(schema.getTypeMap()).sort(compareCodeUnits);
    const base = nameTypes(graphqlNames, []);
    const declared = new Set(graphqlNames.map((graphqlName) => base.of(graphqlName)));
    cached = { graphqlNames, base, declared, collisions: '', named: base };
    namesBySchema.set(schema, cached);
  }
  const collisions = [...generated]
    .filter((name) => cached.declared.has(name))
    .sort(compareCodeUnits);
  if (collisions.length === 0) return cached.base;
  // Rare (a schema type named like a generated one), and the same in every print of a watch.
  const key = collisions.join(',');
  if (cached.collisions !== key) {
    cached.collisions = key;
    cached.named = nameTypes(cached.graphqlNames, collisions);
  }
  return cached.named;
}

// Computed once per schema (a watch session keeps its schema), and again when collisions change.
const namesBySchema = new WeakMap<
  GraphQLSchema,
  {
    readonly graphqlNames: readonly string[];
    /** The names with no generated name in the way. */
    readonly base: SchemaTypeNames;
    /** Every name of `base`. */
    readonly declared: ReadonlySet<string>;
    /** The generated names last found among `declared`, and the names they led to. */
    collisions: string;
    named: SchemaTypeNames;
  }
>();

/** Names `graphqlNames` (sorted by code unit) around the module's own names and `generated`. */
function nameTypes(graphqlNames: readonly string[], generated: readonly string[]): SchemaTypeNames {
  const taken = new Set([...MODULE_TYPE_NAMES, ...generated]);
  const moved: string[] = [];
  for (const graphqlName of graphqlNames) {
    const name = typeName(graphqlName);
    if (taken.has(name)) moved.push(graphqlName);
    else taken.add(name);
  }
  const renamed = new Map(
    moved.map((graphqlName) => [graphqlName, takeFreeName(typeName(graphqlName), taken)]),
  );
  return {
    of: (graphqlName) => renamed.get(graphqlName) ?? typeName(graphqlName),
    key: [...renamed].map(([from, to]) => `${from}=${to}`).join(','),
  };
}

/**
 * `base`, or the first of `base2`, `base3`, … not in `taken`, which then holds it: how schema
 * types and shared shapes step around a name already in use.
 */
export function takeFreeName(base: string, taken: Set<string>): string {
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
  taken.add(name);
  return name;
}

/** The names an operation's declarations get: `GetMeQuery`, `GetMeQueryVariables`, `GetMeDocument`. */
export interface OperationNames {
  readonly result: string;
  readonly variables: string;
  readonly document: string;
}

export function operationNames(operation: OperationDefinitionNode, name: string): OperationNames {
  const base = typeName(name);
  const result = base + typeName(operation.operation);
  return { result, variables: `${result}Variables`, document: `${base}Document` };
}

/** `ProductCard` → `ProductCardFragment`. */
export function fragmentTypeName(fragment: FragmentDefinitionNode): string {
  return `${typeName(fragment.name.value)}Fragment`;
}
