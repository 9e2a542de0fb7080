import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';

/** Hand-typed documents, standing in for what codegen emits. */
export const GetMe = parse('query GetMe { me { id name scopes } }') as TypedDocumentNode<
  { me: { id: string; name: string; scopes: string[] } },
  Record<string, never>
>;

export interface SaveProductVariables {
  input: {
    id?: string | null;
    name: string;
    type: 'PHYSICAL' | 'DIGITAL' | 'BUNDLE';
    variants: { prices: { sellPrice: number; currency: 'TRY' | 'USD' | 'EUR' }[] }[];
  };
}

export const SaveProduct = parse(
  'mutation SaveProduct($input: ProductInput!) { saveProduct(input: $input) { id name } }',
) as TypedDocumentNode<{ saveProduct: { id: string; name: string } }, SaveProductVariables>;

export const ListProducts = parse(
  'query ListProducts($pagination: PaginationInput, $search: String) { listProduct(pagination: $pagination, search: $search) { count hasNext page limit data { id name } } }',
) as TypedDocumentNode<
  {
    listProduct: {
      count: number;
      hasNext: boolean;
      page: number;
      limit: number;
      data: { id: string; name: string }[];
    };
  },
  { pagination?: { page?: number | null; limit?: number | null } | null; search?: string | null }
>;

export const productInput = (name: string): SaveProductVariables => ({
  input: { name, type: 'PHYSICAL', variants: [{ prices: [{ sellPrice: 10, currency: 'TRY' }] }] },
});

/** Two operations in one document: a call picks one with `{ operationName }`. */
export const TWO_OPERATIONS =
  'query MeOnly { me { id } } query ProductCount { listProduct { count } }';

/** A document with a syntax error (the selection set is never closed). */
export const BROKEN_DOCUMENT = 'query Broken { me { id }';
