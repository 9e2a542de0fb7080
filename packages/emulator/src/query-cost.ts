import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  SchemaMetaFieldDef,
  type SelectionSetNode,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  type ValueNode,
  valueFromASTUntyped,
} from 'graphql';
import { fragmentOrder } from './fragment-order.js';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from './schema/list-arguments.js';

/**
 * Items an introspection list (`__schema.types`, `__Type.fields`, …) counts for: no page bounds
 * them, and nesting them (`fields { type { fields … } } }`) multiplies a schema's size.
 */
export const INTROSPECTION_LIST_ESTIMATE = 10;

/** What a document would cost, the worst of its operations. */
export interface QueryCost {
  /** Most fields nested in one another (introspection's not counted), or the longest fragment chain. */
  readonly depth: number;
  /** Aliased fields, counted in every place their fragment is spread. */
  readonly aliases: number;
  /** Estimated list items (see `QueryLimitOptions.maxListSize`); may be Infinity. */
  readonly listSize: number;
}

/**
 * A selection set's cost. Its list items are `fixed + perPage × pageSize` below a field that
 * takes a page size (`listProduct(pagination: { limit: 200 })` for the `data` list below it),
 * and `fixed + unpaged` elsewhere, so one summary serves a fragment wherever it is spread.
 */
interface Summary {
  readonly depth: number;
  readonly chain: number;
  readonly aliases: number;
  readonly fixed: number;
  readonly perPage: number;
  readonly unpaged: number;
}

const NOTHING: Summary = { depth: 0, chain: 0, aliases: 0, fixed: 0, perPage: 0, unpaged: 0 };

const itemsOf = (summary: Summary, pageSize: number | undefined) =>
  summary.fixed + (pageSize === undefined ? summary.unpaged : pageSize * summary.perPage);
const INTROSPECTION_ROOTS = new Set(['__schema', '__type']);

/**
 * Measures `document` against `schema` without running it, in time linear in its size: each
 * fragment is measured once, its dependencies first (in an order found without recursion), and
 * reused wherever it is spread, so a fragment spread a million times over costs nothing more.
 * Recursion follows the nesting of selection sets only: scan the document first
 * (`scanDocument`) and refuse what nests too deep. Unknown fields and fragments, and fragment
 * cycles, count as nothing here: validation refuses them next.
 */
export function measureQuery(
  document: DocumentNode,
  schema: GraphQLSchema,
  variables: Readonly<Record<string, unknown>> | null | undefined,
): QueryCost {
  const operations: OperationDefinitionNode[] = [];
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION) operations.push(definition);
    if (definition.kind === Kind.FRAGMENT_DEFINITION) {
      fragments.set(definition.name.value, definition);
    }
  }
  // Null-prototype: a variable named `__proto__` or `constructor` reads as what was sent, or nothing.
  const values = Object.assign(Object.create(null), variableDefaults(operations), variables);
  const summaries = new Map<string, Summary>();

  const summarizeSet = (set: SelectionSetNode, type: GraphQLNamedType | undefined): Summary => {
    let depth = 0;
    let chain = 0;
    let aliases = 0;
    let fixed = 0;
    let perPage = 0;
    let unpaged = 0;
    for (const selection of set.selections) {
      let part: Summary;
      if (selection.kind === Kind.FIELD) {
        part = summarizeField(selection, type);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition?.name.value;
        part = summarizeSet(selection.selectionSet, condition ? schema.getType(condition) : type);
      } else {
        const spread = summaries.get(selection.name.value) ?? NOTHING;
        chain = Math.max(chain, spread.chain + 1);
        part = spread;
      }
      depth = Math.max(depth, part.depth);
      chain = Math.max(chain, part.chain);
      aliases += part.aliases;
      fixed += part.fixed;
      perPage += part.perPage;
      unpaged += part.unpaged;
    }
    return { depth, chain, aliases, fixed, perPage, unpaged };
  };

  const summarizeField = (field: FieldNode, parent: GraphQLNamedType | undefined): Summary => {
    const definition = fieldDefinition(field.name.value, parent);
    const type = definition?.type;
    const named = type && getNamedType(type);
    const isList =
      type !== undefined && isListType(getNullableType(type)) && isCompositeType(named);
    const page = definition && pageSizeOf(field, definition, values);
    const child = field.selectionSet ? summarizeSet(field.selectionSet, named) : NOTHING;
    const depth = INTROSPECTION_ROOTS.has(field.name.value) ? 0 : 1 + child.depth;
    const aliases = child.aliases + (field.alias ? 1 : 0);
    const summary = (fixed: number, perPage: number, unpaged: number): Summary => ({
      depth,
      chain: child.chain,
      aliases,
      fixed,
      perPage,
      unpaged,
    });
    // The lists just below take this field's page size, unless it is a list itself: then they
    // are lists in each of its items.
    const below = itemsOf(child, isList ? undefined : page);
    if (!isList) return summary(below, 0, 0);
    const perItem = 1 + below;
    if (page !== undefined) return summary(page * perItem, 0, 0);
    // A list without pagination of its own takes its parent's page size, if it has one; else it
    // is a record's parts (one item counted per item above it) or introspection's.
    const perList = named?.name.startsWith('__') ? INTROSPECTION_LIST_ESTIMATE : 1;
    return summary(0, perItem, perList * perItem);
  };

  for (const name of fragmentOrder(fragments)) {
    const fragment = fragments.get(name) as FragmentDefinitionNode;
    summaries.set(
      name,
      summarizeSet(fragment.selectionSet, schema.getType(fragment.typeCondition.name.value)),
    );
  }
  let worst: QueryCost = { depth: 0, aliases: 0, listSize: 0 };
  for (const operation of operations) {
    const root = schema.getRootType(operation.operation) ?? undefined;
    const cost = summarizeSet(operation.selectionSet, root);
    worst = {
      depth: Math.max(worst.depth, cost.depth, cost.chain),
      aliases: Math.max(worst.aliases, cost.aliases),
      listSize: Math.max(worst.listSize, itemsOf(cost, undefined)),
    };
  }
  return worst;
}

function fieldDefinition(
  name: string,
  parent: GraphQLNamedType | undefined,
): GraphQLField<unknown, unknown> | undefined {
  if (name === '__typename') return TypeNameMetaFieldDef;
  if (name === '__schema') return SchemaMetaFieldDef;
  if (name === '__type') return TypeMetaFieldDef;
  return isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[name] : undefined;
}

/**
 * The page size a field asks for, if it takes `pagination` or `limit`: the value given (a
 * literal or a variable), 50 when none is, and at most 200, the service's cap (beyond it the
 * field answers an argument error, so the estimate stops there too).
 */
function pageSizeOf(
  field: FieldNode,
  definition: GraphQLField<unknown, unknown>,
  variables: Readonly<Record<string, unknown>>,
): number | undefined {
  if (!definition.args.some((arg) => arg.name === 'pagination' || arg.name === 'limit')) {
    return undefined;
  }
  let given: unknown;
  for (const argument of field.arguments ?? []) {
    if (argument.name.value === 'limit') given = argumentValue(argument.value, variables);
    if (argument.name.value === 'pagination') {
      const pagination = argumentValue(argument.value, variables);
      if (typeof pagination === 'object' && pagination !== null && 'limit' in pagination) {
        given = pagination.limit;
      }
    }
  }
  return typeof given === 'number' && Number.isInteger(given) && given >= 1
    ? Math.min(given, MAX_PAGE_LIMIT)
    : DEFAULT_PAGE_LIMIT;
}

function argumentValue(node: ValueNode, variables: Readonly<Record<string, unknown>>): unknown {
  try {
    return valueFromASTUntyped(node, variables as Record<string, unknown>);
  } catch {
    return undefined;
  }
}

function variableDefaults(operations: readonly OperationDefinitionNode[]): Record<string, unknown> {
  const defaults: Record<string, unknown> = Object.create(null);
  for (const operation of operations) {
    for (const definition of operation.variableDefinitions ?? []) {
      const name = definition.variable.name.value;
      if (definition.defaultValue && !(name in defaults)) {
        defaults[name] = argumentValue(definition.defaultValue, {});
      }
    }
  }
  return defaults;
}
