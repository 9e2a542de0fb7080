/**
 * The result and variables types a typed document carries: the same optional property as
 * `DocumentTypeDecoration` of `@graphql-typed-document-node/core`, so documents typed by either
 * infer alike. Declared here so that the client's types, and every module that imports them (a
 * generated one included), do not load graphql's index typings: about 0.4 s of CPU per `tsc` run.
 */
export interface DocumentTypeDecoration<TResult, TVariables> {
  /** Never set at runtime; only its type is read. */
  __apiType?: (variables: TVariables) => TResult;
}

/**
 * A graphql-js `DocumentNode` as far as the client's types look at one. Every `DocumentNode`,
 * typed or not, is one; so is a hand-built `{ kind: 'Document', definitions: [] }`, which the
 * client refuses at runtime (`INVALID_DOCUMENT`) as it checks the rest there.
 */
export interface DocumentNodeLike {
  readonly kind: 'Document';
  readonly definitions: readonly object[];
}

/**
 * A `TypedDocumentNode` of `@graphql-typed-document-node/core` (what graphql-codegen's presets
 * and `documentMode: 'node'` emit), matched by shape.
 */
export type TypedDocumentNodeLike<TResult, TVariables> = DocumentNodeLike &
  DocumentTypeDecoration<TResult, TVariables>;

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
