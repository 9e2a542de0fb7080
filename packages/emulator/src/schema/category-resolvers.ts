import type { GraphQLResolveInfo } from 'graphql';
import { shapeRecord } from '../shape-record.js';
import type { CategoryRecord, StoreData } from '../store-data.js';
import type { ResolverContext, Resolvers } from './context.js';
import { argumentValidationError } from './graphql-errors.js';
import { queryList } from './list-query.js';
import { listRules } from './list-rules.js';
import { deleteRecords, existingRecord, savedStamp } from './records.js';

interface CategoryInput {
  readonly id?: string | null;
  readonly parentId?: string | null;
}

/** The category's ancestors, the root first (`Category.categoryPath`). */
function ancestors(data: StoreData, category: CategoryRecord): CategoryRecord[] {
  const path: CategoryRecord[] = [];
  let parent = category.parentId == null ? undefined : data.categories.get(category.parentId);
  while (parent && !path.includes(parent) && parent !== category) {
    path.unshift(parent);
    parent = parent.parentId == null ? undefined : data.categories.get(parent.parentId);
  }
  return path;
}

/** `listCategory`, `saveCategory`, `deleteCategoryList`, and a category's ancestors. */
export const categoryResolvers: Resolvers = {
  Query: {
    listCategory: (_: unknown, args: Record<string, unknown>, { data }: ResolverContext, info) =>
      queryList(data.categories.values(), args, listRules(info.schema, 'listCategory'), {
        filterValues: {
          categoryPath: (category: CategoryRecord) =>
            ancestors(data, category).map((parent) => parent.id),
        },
      }),
  },
  Mutation: {
    saveCategory: (
      _: unknown,
      { input }: { input: CategoryInput },
      { data, now }: ResolverContext,
      info: GraphQLResolveInfo,
    ) => {
      const existing =
        input.id == null ? undefined : existingRecord(data.categories, input.id, 'Category');
      const id = existing?.id ?? data.nextId();
      if (input.parentId != null) {
        const parent = existingRecord(data.categories, input.parentId, 'Category');
        if (parent.id === id || ancestors(data, parent).some((category) => category.id === id)) {
          throw argumentValidationError(`Category ${id} cannot be its own ancestor`);
        }
      }
      const category = shapeRecord<CategoryRecord>(
        info.schema,
        'Category',
        { ...input, ...savedStamp(existing, id, now()) },
        { newId: data.nextId },
      );
      data.categories.set(id, category);
      return category;
    },
    deleteCategoryList: (_: unknown, { idList }: { idList: string[] }, context: ResolverContext) =>
      deleteRecords(context.data.categories, idList, 'Category', context.now()),
  },
  Category: {
    // Derived from the parents, so that moving a category moves its subtree's paths too.
    categoryPath: (category: Partial<CategoryRecord>, _: unknown, { data }: ResolverContext) =>
      category.parentId === undefined
        ? undefined
        : ancestors(data, category as CategoryRecord).map((parent) => parent.id),
    categoryPathItems: (
      category: Partial<CategoryRecord>,
      _: unknown,
      { data }: ResolverContext,
    ) =>
      category.parentId === undefined ? undefined : ancestors(data, category as CategoryRecord),
  },
};
