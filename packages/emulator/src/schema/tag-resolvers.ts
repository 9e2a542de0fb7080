import type { GraphQLResolveInfo } from 'graphql';
import { shapeRecord } from '../shape-record.js';
import type { StoreData, TagRecord } from '../store-data.js';
import type { ResolverContext, Resolvers } from './context.js';
import { queryList } from './list-query.js';
import { listRules } from './list-rules.js';
import { deleteRecords, existingRecord, savedStamp } from './records.js';

/** `list<Tag>`, `save<Tag>` and `delete<Tag>List` of one kind of tag. */
function createTagResolvers(
  typeName: 'ProductTag' | 'OrderTag',
  store: (data: StoreData) => Map<string, TagRecord>,
) {
  return {
    list: (
      _: unknown,
      args: Record<string, unknown>,
      { data }: ResolverContext,
      info: GraphQLResolveInfo,
    ) => queryList(store(data).values(), args, listRules(info.schema, info.fieldName)),
    save: (
      _: unknown,
      { input }: { input: { readonly id?: string | null } },
      { data, now }: ResolverContext,
      info: GraphQLResolveInfo,
    ) => {
      const tags = store(data);
      const existing = input.id == null ? undefined : existingRecord(tags, input.id, typeName);
      const id = existing?.id ?? data.nextId();
      const tag = shapeRecord<TagRecord>(
        info.schema,
        typeName,
        { ...input, ...savedStamp(existing, id, now()) },
        { newId: data.nextId },
      );
      tags.set(id, tag);
      return tag;
    },
    delete: (_: unknown, { idList }: { idList: string[] }, { data, now }: ResolverContext) =>
      deleteRecords(store(data), idList, typeName, now()),
  };
}

const productTags = createTagResolvers('ProductTag', (data) => data.productTags);
const orderTags = createTagResolvers('OrderTag', (data) => data.orderTags);

/** Product tags and order tags: list, save, delete. */
export const tagResolvers: Resolvers = {
  Query: { listProductTag: productTags.list, listOrderTag: orderTags.list },
  Mutation: {
    saveProductTag: productTags.save,
    deleteProductTagList: productTags.delete,
    saveOrderTag: orderTags.save,
    deleteOrderTagList: orderTags.delete,
  },
};
