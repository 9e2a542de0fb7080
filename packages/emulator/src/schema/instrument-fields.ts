import { defaultFieldResolver, type GraphQLSchema, isObjectType } from 'graphql';
import { inMockScope } from '../mocks/mock-scope.js';
import type { ResolverContext } from './context.js';
import { recordMutation } from './mutation-ledger.js';

/**
 * Wraps every field's resolver: values it mocks follow from the seed and the field's path; a root
 * field outside the stateful core is listed in `extensions.mockedFields`; a mutation field is
 * recorded in the ledger once applied; what it answers counts against the answer's size, and
 * once that is over the cap every field still to resolve answers null at once (the request is
 * answered 400, and nothing more is built or applied). Changes `schema` in place (a copy would cost as much as
 * building it again): pass one made for this purpose.
 */
export function instrumentFields(
  schema: GraphQLSchema,
  isStateful: (rootField: string) => boolean,
): GraphQLSchema {
  const queryType = schema.getQueryType();
  const mutationType = schema.getMutationType();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    const isRoot = type === queryType || type === mutationType;
    for (const field of Object.values(type.getFields())) {
      const resolve = field.resolve ?? defaultFieldResolver;
      const mocked = isRoot && !isStateful(field.name);
      const isMutation = type === mutationType;
      field.resolve = (source, args: Record<string, unknown>, context: ResolverContext, info) => {
        if (context.budget.exceeded) return null;
        if (mocked && !context.mockedFields.includes(field.name)) {
          context.mockedFields.push(field.name);
        }
        const result = inMockScope(context.mock, info, args, () =>
          resolve(source, args, context, info),
        );
        context.budget.spend(info.path.key, result);
        return isMutation ? recordMutation(context, info, mocked, result) : result;
      };
    }
  }
  return schema;
}
