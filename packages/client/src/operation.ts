import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { type DocumentNode, Kind, type OperationDefinitionNode, parse, print } from 'graphql';

/** What the client needs to know about a document before sending it. */
export interface Operation {
  /** The printed document, sent as `query`. */
  readonly query: string;
  readonly operationName: string | undefined;
  readonly operationType: 'query' | 'mutation' | 'subscription';
}

const byDocument = new WeakMap<DocumentNode, Operation>();
const byString = new Map<string, Operation>();
const MAX_CACHED_STRINGS = 500;

function analyze(document: DocumentNode, query: string): Operation {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  // With several operations the server needs operationName; we cannot pick one for the caller.
  const operation = operations.length === 1 ? operations[0] : undefined;
  return {
    query,
    operationName: operation?.name?.value,
    // Unknown means "treat as a mutation": never retried blindly.
    operationType: operation?.operation ?? 'mutation',
  };
}

/** Analyses a document once and caches the result, so repeated calls pay nothing. */
export function toOperation(
  document: TypedDocumentNode<unknown, never> | DocumentNode | string,
): Operation {
  if (typeof document === 'string') {
    let operation = byString.get(document);
    if (!operation) {
      operation = analyze(parse(document), document);
      if (byString.size >= MAX_CACHED_STRINGS) byString.clear();
      byString.set(document, operation);
    }
    return operation;
  }
  let operation = byDocument.get(document);
  if (!operation) {
    operation = analyze(document, print(document));
    byDocument.set(document, operation);
  }
  return operation;
}
