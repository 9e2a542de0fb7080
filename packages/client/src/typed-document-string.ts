import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';

/**
 * A GraphQL document as a plain string that carries its result and variables types, as
 * `@admin-api/codegen` emits them: `client.request(GetMeDocument)` and `paginate` infer both
 * exactly as from a `TypedDocumentNode`. At runtime it is the document's text and nothing more,
 * so it costs no parsing or printing to send.
 *
 * @example
 * const GetMe = 'query GetMe{me{id}}' as TypedDocumentString<
 *   { me: { id: string | null } | null },
 *   Record<string, never>
 * >;
 * const { me } = await client.request(GetMe);
 */
export type TypedDocumentString<TResult, TVariables> = string &
  DocumentTypeDecoration<TResult, TVariables>;
