import {
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  isInterfaceType,
  isLeafType,
  isNonNullType,
  isObjectType,
} from 'graphql';

function leafFields(type: GraphQLNamedType, limit: number): string[] {
  if (!isObjectType(type) && !isInterfaceType(type)) return [];
  return Object.values(type.getFields())
    .filter(
      (field) =>
        isLeafType(getNamedType(field.type)) && !field.args.some((a) => isNonNullType(a.type)),
    )
    .slice(0, limit)
    .map((field) => field.name);
}

function selection(field: GraphQLField<unknown, unknown>, depth: number): string {
  const type = getNamedType(field.type);
  if (isLeafType(type)) return field.name;
  const leaves = leafFields(type, 6);
  const nested =
    depth > 0 && (isObjectType(type) || isInterfaceType(type))
      ? Object.values(type.getFields())
          .filter(
            (f) => !isLeafType(getNamedType(f.type)) && !f.args.some((a) => isNonNullType(a.type)),
          )
          .filter((f) => leafFields(getNamedType(f.type), 1).length > 0)
          .slice(0, 2)
          .map((f) => selection(f, depth - 1))
      : [];
  const parts = [...leaves, ...nested];
  return `${field.name} { ${parts.length > 0 ? parts.join(' ') : '__typename'} }`;
}

function operation(
  kind: 'query' | 'mutation',
  name: string,
  field: GraphQLField<unknown, unknown>,
  depth: number,
): string {
  // Every argument becomes a variable of the same type, so input types and enums are exercised.
  const variables = field.args.map((a) => `$${a.name}: ${a.type.toString()}`);
  const args = field.args.map((a) => `${a.name}: $${a.name}`);
  return `${kind} ${name}${variables.length ? `(${variables.join(', ')})` : ''} { ${selection({ ...field, name: args.length ? `${field.name}(${args.join(', ')})` : field.name } as GraphQLField<unknown, unknown>, depth)} }`;
}

/**
 * `count` distinct operations over a large schema's root fields: queries and mutations, with the
 * selection depth varying from pass to pass once every root field has been used.
 */
export function operationsFor(schema: GraphQLSchema, count: number): string[] {
  const queries = Object.values(schema.getQueryType()?.getFields() ?? {});
  const mutations = Object.values(schema.getMutationType()?.getFields() ?? {});
  const roots = [
    ...queries.map((field) => ({ kind: 'query' as const, field })),
    ...mutations.map((field) => ({ kind: 'mutation' as const, field })),
  ];
  const documents: string[] = [];
  for (let i = 0; documents.length < count && roots.length > 0; i++) {
    const root = roots[i % roots.length] as (typeof roots)[number];
    const pass = Math.floor(i / roots.length);
    const prefix = root.kind === 'query' ? 'Q' : 'M';
    documents.push(
      operation(
        root.kind,
        `${prefix}${i}${root.field.name}`,
        root.field as GraphQLField<unknown, unknown>,
        (pass + 1) % 3,
      ),
    );
  }
  return documents;
}
