import { GraphQLFileLoader } from '@graphql-tools/graphql-file-loader';
import { loadDocuments } from '@graphql-tools/load';
import type { DocumentNode } from 'graphql';

// Case-sensitive, unlike the runner's: graphql-file-loader takes a pointer by its exact ending.
const GRAPHQL_FILE = /\.(graphql|gql)$/;

/**
 * The documents behind `.graphql`/`.gql` globs, or `undefined` when a pointer is anything else
 * (code files, URLs) or loading fails: then we cannot be sure we see what codegen sees.
 */
export async function loadGraphQLDocuments(
  pointers: readonly string[],
): Promise<DocumentNode[] | undefined> {
  if (!pointers.every((pointer) => GRAPHQL_FILE.test(pointer))) return undefined;
  try {
    const sources = await loadDocuments([...pointers], {
      loaders: [new GraphQLFileLoader()],
      noLocation: true,
    });
    return sources.flatMap((source) => (source.document ? [source.document] : []));
  } catch {
    return undefined;
  }
}
