import { createRequire } from 'node:module';
import { adminApiSchema } from '@admin-api/emulator';
import {
  type ArgumentNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLInputType,
  type GraphQLNamedType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type ListTypeNode,
  type NamedTypeNode,
  type OperationDefinitionNode,
  parse,
  print,
  type SelectionSetNode,
  TypeInfo,
  type VariableDefinitionNode,
  visit,
  visitWithTypeInfo,
} from 'graphql';

// Resolves from this package: the pinned devDependency, the version the emulator's schema is from.
const require = createRequire(import.meta.url);
const { QueryDefaultGQLs, MutationDefaultGQLs } =
  require('@ikas/api-client/dist/api/admin/generated/default-gqls.js') as {
    QueryDefaultGQLs: Record<string, string>;
    MutationDefaultGQLs: Record<string, string>;
  };

/** The name of the fragment that stands for a type's selection. */
const fragmentName = (type: string) => `${type}Fields`;

/**
 * The enum an input filter holds a list of in its `in` field (`OrderStatusEnumInputFilter.in:
 * [OrderStatusEnum]`), for filter arguments a caller fills from a list of enum values.
 */
function enumListFilter(type: GraphQLInputType): GraphQLNamedType | undefined {
  const named = getNamedType(type);
  if (!isInputObjectType(named)) return undefined;
  const inField = named.getFields().in;
  if (!inField || !isListType(inField.type)) return undefined;
  const item = getNamedType(inField.type);
  return isEnumType(item) ? item : undefined;
}

/** `[Enum!]`: a list-of-enum variable type. */
const enumListType = (item: GraphQLNamedType): ListTypeNode => ({
  kind: Kind.LIST_TYPE,
  type: {
    kind: Kind.NON_NULL_TYPE,
    type: { kind: Kind.NAMED_TYPE, name: { kind: Kind.NAME, value: item.name } },
  },
});

/**
 * Filter arguments of an enum (`status: $status` of type `OrderStatusEnumInputFilter`) become a
 * list-of-enum variable written into the filter (`status: { in: $status }`, `$status:
 * [OrderStatusEnum!]`), as an app asking for "orders in any of these statuses" writes them.
 */
function withEnumListFilters(operation: OperationDefinitionNode): OperationDefinitionNode {
  const schema = adminApiSchema();
  const root = schema.getRootType(operation.operation);
  const rewritten = new Map<string, GraphQLNamedType>();
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) continue;
    const field = root?.getFields()[selection.name.value];
    for (const arg of field?.args ?? []) {
      const item = isNonNullType(arg.type) ? undefined : enumListFilter(arg.type);
      if (item) rewritten.set(arg.name, item);
    }
  }
  if (rewritten.size === 0) return operation;
  return visit(operation, {
    VariableDefinition(node: VariableDefinitionNode) {
      const item = rewritten.get(node.variable.name.value);
      return item ? { ...node, type: enumListType(item) } : undefined;
    },
    Argument(node: ArgumentNode) {
      if (node.value.kind !== Kind.VARIABLE || !rewritten.has(node.name.value)) return undefined;
      return {
        ...node,
        value: {
          kind: Kind.OBJECT,
          fields: [
            { kind: Kind.OBJECT_FIELD, name: { kind: Kind.NAME, value: 'in' }, value: node.value },
          ],
        },
      };
    },
  });
}

/** Every object type a document selects, with the selection it makes of it. */
function selectionsByType(document: DocumentNode): Map<string, SelectionSetNode> {
  const selections = new Map<string, SelectionSetNode>();
  const typeInfo = new TypeInfo(adminApiSchema());
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node: FieldNode) {
        const type = typeInfo.getType();
        const named = type && getNamedType(type);
        if (named && isObjectType(named) && node.selectionSet) {
          selections.set(named.name, node.selectionSet);
        }
      },
    }),
  );
  return selections;
}

/** Replaces the selection of every shared type with a spread of its fragment. */
function withFragments<T extends OperationDefinitionNode | FragmentDefinitionNode>(
  definition: T,
  shared: ReadonlySet<string>,
): T {
  const typeInfo = new TypeInfo(adminApiSchema());
  return visit(
    definition,
    visitWithTypeInfo(typeInfo, {
      Field(node: FieldNode) {
        const type = typeInfo.getType();
        const named = type && getNamedType(type);
        if (!named || !node.selectionSet || !shared.has(named.name)) return undefined;
        const spread: SelectionSetNode = {
          kind: Kind.SELECTION_SET,
          selections: [
            {
              kind: Kind.FRAGMENT_SPREAD,
              name: { kind: Kind.NAME, value: fragmentName(named.name) },
            },
          ],
        };
        return { ...node, selectionSet: spread };
      },
    }),
  );
}

/**
 * An operation for every root field of the Admin API (132): the vendor's own default operations
 * (`@ikas/api-client`'s `default-gqls.js`, one per field, every argument a variable of its input
 * type), rewritten as an app would write them:
 *
 * - every object type that two or more operations select gets a fragment, `<Type>Fields`, which
 *   the operations and the other fragments spread (the vendor selects a type the same way each
 *   time, and `fragments.graphql` holds them all);
 * - every filter argument of an enum (`status: OrderStatusEnumInputFilter`) takes a list of the
 *   enum's values as its variable (`$status: [OrderStatusEnum!]`, `status: { in: $status }`).
 *
 * Returns `.graphql` files by name: `fragments.graphql` and `<field>.graphql` for each root
 * field, operation named after the field (`query listOrder`). Deterministic.
 */
export function adminApiOperationFiles(): Record<string, string> {
  const operations = Object.entries({ ...QueryDefaultGQLs, ...MutationDefaultGQLs })
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([field, source]) => {
      const [operation] = parse(source).definitions as OperationDefinitionNode[];
      if (!operation) throw new Error(`no operation for ${field} in the vendor's default-gqls`);
      return { field, operation: withEnumListFilters(operation) };
    });

  const usedBy = new Map<string, Set<string>>();
  const selectionOf = new Map<string, SelectionSetNode>();
  for (const { field, operation } of operations) {
    const document: DocumentNode = { kind: Kind.DOCUMENT, definitions: [operation] };
    for (const [type, selection] of selectionsByType(document)) {
      usedBy.set(type, (usedBy.get(type) ?? new Set()).add(field));
      const known = selectionOf.get(type);
      if (known && print(known) !== print(selection)) {
        throw new Error(`the vendor selects ${type} in two ways; a fragment would change one`);
      }
      selectionOf.set(type, selection);
    }
  }
  const shared = new Set([...usedBy].filter(([, fields]) => fields.size > 1).map(([t]) => t));

  const fragments = [...shared].sort().map((type): FragmentDefinitionNode => {
    const typeCondition: NamedTypeNode = {
      kind: Kind.NAMED_TYPE,
      name: { kind: Kind.NAME, value: type },
    };
    const fragment: FragmentDefinitionNode = {
      kind: Kind.FRAGMENT_DEFINITION,
      name: { kind: Kind.NAME, value: fragmentName(type) },
      typeCondition,
      selectionSet: selectionOf.get(type) as SelectionSetNode,
    };
    return withFragments(fragment, shared);
  });

  const files: Record<string, string> = {
    'fragments.graphql': `${fragments.map((f) => print(f)).join('\n\n')}\n`,
  };
  for (const { field, operation } of operations) {
    files[`${field}.graphql`] = `${print(withFragments(operation, shared))}\n`;
  }
  return files;
}
