import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';

// Written by hand for now; `pnpm codegen` will generate these from .graphql files.
export const GetMe = parse('query GetMe { me { id name storeName scopes } }') as TypedDocumentNode<
  { me: { id: string; name: string; storeName: string; scopes: string[] } },
  Record<string, never>
>;

export const ListProducts = parse(
  'query ListProducts($pagination: PaginationInput) { listProduct(pagination: $pagination) { hasNext data { id name totalStock } } }',
) as TypedDocumentNode<
  { listProduct: { hasNext: boolean; data: { id: string; name: string; totalStock: number }[] } },
  { pagination?: { page?: number; limit?: number } | null }
>;
