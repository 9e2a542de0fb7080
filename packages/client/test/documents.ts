import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';

/** Hand-typed documents of the Admin API, standing in for what codegen emits (nullability kept). */
export type AppScopeEnum =
  | 'READ_CAMPAIGNS'
  | 'READ_CUSTOMERS'
  | 'READ_INVENTORIES'
  | 'READ_ORDERS'
  | 'READ_PRODUCTS'
  | 'WRITE_CAMPAIGNS'
  | 'WRITE_CUSTOMERS'
  | 'WRITE_INVENTORIES'
  | 'WRITE_ORDERS'
  | 'WRITE_PRODUCTS'
  | 'WRITE_STOREFRONT';

/** `me` and every field of it are nullable in the schema. */
export const GetMe = parse('query GetMe { me { id name scopes } }') as TypedDocumentNode<
  { me: { id: string | null; name: string | null; scopes: AppScopeEnum[] | null } | null },
  Record<string, never>
>;

export interface SaveProductVariables {
  input: {
    id?: string | null;
    name: string;
    type: 'BUNDLE' | 'DIGITAL' | 'MEMBERSHIP' | 'PHYSICAL' | 'SUBSCRIPTION';
    variants: {
      isActive?: boolean;
      prices: { sellPrice: number; currency?: string | null }[];
    }[];
  };
}

export const SaveProduct = parse(
  'mutation SaveProduct($input: ProductInput!) { saveProduct(input: $input) { id name } }',
) as TypedDocumentNode<{ saveProduct: { id: string; name: string } }, SaveProductVariables>;

/** The `pagination` argument and the answer's paging fields, shared by the paginated lists. */
type PaginationVariables = {
  pagination?: { page?: number | null; limit?: number | null } | null;
};
interface PageOf<TItem> {
  count: number;
  hasNext: boolean;
  page: number;
  limit: number;
  data: TItem[];
}

/** `StringFilterInput`, and the filter of an enum with its `in` list of the enum's values. */
export interface StringFilterInput {
  eq?: string | null;
  ne?: string | null;
  in?: string[] | null;
  nin?: string[] | null;
}
export interface EnumFilterInput<TEnum extends string> {
  eq?: TEnum | null;
  ne?: TEnum | null;
  in?: (TEnum | null)[] | null;
  nin?: (TEnum | null)[] | null;
}

export const ListProducts = parse(
  `query ListProducts($pagination: PaginationInput, $search: String, $categoryIds: CategoryFilterInput, $sort: String) {
    listProduct(pagination: $pagination, search: $search, categoryIds: $categoryIds, sort: $sort) {
      count hasNext page limit data { id name }
    }
  }`,
) as TypedDocumentNode<
  { listProduct: PageOf<{ id: string; name: string }> },
  PaginationVariables & {
    search?: string | null;
    categoryIds?: { eq?: string | null; in?: string[] | null; nin?: string[] | null } | null;
    sort?: string | null;
  }
>;

export type OrderStatusEnum =
  | 'CANCELLED'
  | 'CREATED'
  | 'DRAFT'
  | 'PARTIALLY_CANCELLED'
  | 'PARTIALLY_REFUNDED'
  | 'REFUNDED'
  | 'REFUND_REJECTED'
  | 'REFUND_REQUESTED'
  | 'WAITING_UPSELL_ACTION';

export const ListOrders = parse(
  `query ListOrders($pagination: PaginationInput, $status: OrderStatusEnumInputFilter, $orderedAt: DateFilterInput, $sort: String) {
    listOrder(pagination: $pagination, status: $status, orderedAt: $orderedAt, sort: $sort) {
      count hasNext page limit data { id orderNumber status orderedAt customer { email } }
    }
  }`,
) as TypedDocumentNode<
  {
    listOrder: PageOf<{
      id: string;
      orderNumber: string | null;
      status: OrderStatusEnum;
      orderedAt: number | null;
      customer: { email: string | null } | null;
    }>;
  },
  PaginationVariables & {
    status?: EnumFilterInput<OrderStatusEnum> | null;
    orderedAt?: { gte?: number | null; lt?: number | null } | null;
    sort?: string | null;
  }
>;

export const ListCustomers = parse(
  `query ListCustomers($pagination: PaginationInput, $email: StringFilterInput, $search: String, $sort: String) {
    listCustomer(pagination: $pagination, email: $email, search: $search, sort: $sort) {
      count hasNext page limit data { id firstName lastName email updatedAt }
    }
  }`,
) as TypedDocumentNode<
  {
    listCustomer: PageOf<{
      id: string;
      firstName: string;
      lastName: string | null;
      email: string | null;
      updatedAt: number | null;
    }>;
  },
  PaginationVariables & {
    email?: StringFilterInput | null;
    search?: string | null;
    sort?: string | null;
  }
>;

/** A valid `ProductInput`: one variant with one price in the store's currency. */
export const productInput = (name: string): SaveProductVariables => ({
  input: {
    name,
    type: 'PHYSICAL',
    variants: [{ prices: [{ sellPrice: 149.9, currency: 'TRY' }] }],
  },
});

/** Two operations in one document: a call picks one with `{ operationName }`. */
export const TWO_OPERATIONS =
  'query MeOnly { me { id } } query ProductCount { listProduct { count } }';

/** A document with a syntax error (the selection set is never closed). */
export const BROKEN_DOCUMENT = 'query Broken { me { id }';
