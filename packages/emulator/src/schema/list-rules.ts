import {
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from 'graphql';

const FILTER_OPERATORS = new Set(['eq', 'ne', 'in', 'nin', 'gt', 'gte', 'lt', 'lte']);

/** What a list query accepts, as its schema field and description say. */
export interface ListRules {
  /** The root field, e.g. `listProduct`. */
  readonly field: string;
  /** Takes `pagination` and answers a `{ data, count, hasNext, page, limit }` page. */
  readonly paginated: boolean;
  /** Arguments of filter input types (`{ eq, ne, in, nin, … }`). */
  readonly filterArguments: readonly string[];
  /** Takes `includeDeleted`. */
  readonly includeDeleted: boolean;
  /**
   * Fields `sort` accepts: those the description names ("Sorting is available for the following
   * fields: …"), else, when it names none, every scalar field of the item type. `undefined`
   * when the field takes no `sort`.
   */
  readonly sortFields: ReadonlySet<string> | undefined;
  /** Fields `search` looks in, as the description names them ("Search functionality is …"). */
  readonly searchFields: readonly string[] | undefined;
  /** The item type: `Product` for `listProduct`. */
  readonly itemType: GraphQLNamedType;
}

const cache = new WeakMap<GraphQLSchema, Map<string, ListRules>>();

/** The list rules of root field `fieldName`, read from the schema once. */
export function listRules(schema: GraphQLSchema, fieldName: string): ListRules {
  const known = cache.get(schema) ?? new Map<string, ListRules>();
  cache.set(schema, known);
  const rules = known.get(fieldName) ?? readListRules(schema, fieldName);
  known.set(fieldName, rules);
  return rules;
}

function readListRules(schema: GraphQLSchema, fieldName: string): ListRules {
  const field = schema.getQueryType()?.getFields()[fieldName];
  if (!field) throw new Error(`Query.${fieldName} does not exist`);
  const argument = (name: string) => field.args.find((arg) => arg.name === name);
  const itemType = listItemType(field);
  return {
    field: fieldName,
    paginated: argument('pagination') !== undefined && isPage(field),
    filterArguments: field.args
      .filter((arg) => {
        const type = getNamedType(arg.type);
        return (
          isInputObjectType(type) &&
          Object.keys(type.getFields()).every((name) => FILTER_OPERATORS.has(name))
        );
      })
      .map((arg) => arg.name),
    includeDeleted: argument('includeDeleted') !== undefined,
    sortFields:
      argument('sort') === undefined
        ? undefined
        : new Set(namedFields(field.description, 'Sorting') ?? scalarFields(itemType)),
    searchFields: namedFields(field.description, 'Search functionality'),
    itemType,
  };
}

/** The item type of a list field or of a page's `data`. */
function listItemType(field: GraphQLField<unknown, unknown>): GraphQLNamedType {
  const type = getNamedType(field.type);
  const data = isObjectType(type) ? type.getFields().data : undefined;
  return data ? getNamedType(data.type) : type;
}

function isPage(field: GraphQLField<unknown, unknown>): boolean {
  const type = getNamedType(field.type);
  return (
    isObjectType(type) && ['data', 'count', 'hasNext'].every((name) => name in type.getFields())
  );
}

/** The backquoted names after "<lead> is available for the following fields:". */
function namedFields(description: string | null | undefined, lead: string): string[] | undefined {
  const line = new RegExp(`^${lead} is available for the following fields: (.*)$`, 'm').exec(
    description ?? '',
  )?.[1];
  return line === undefined ? undefined : [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
}

function scalarFields(type: GraphQLNamedType): string[] {
  if (!isObjectType(type)) return [];
  return Object.values(type.getFields())
    .filter((field) => {
      const inner = isNonNullType(field.type) ? field.type.ofType : field.type;
      return !isListType(inner) && (isScalarType(inner) || isEnumType(inner));
    })
    .map((field) => field.name);
}
