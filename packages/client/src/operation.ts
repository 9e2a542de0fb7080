import { ConfigurationError } from '@admin-api/auth';
import {
  type DocumentNode,
  GraphQLError,
  Kind,
  type OperationDefinitionNode,
  parse,
  print,
} from 'graphql';

/** What the client needs to know about a document before sending it. */
export interface Operation {
  /** The printed document, sent as `query`. */
  readonly query: string;
  /** The operation to run; sent as `operationName` when the document names it. */
  readonly operationName: string | undefined;
  readonly operationType: 'query' | 'mutation';
}

/** A document, parsed and checked once. */
interface AnalyzedDocument {
  readonly query: string;
  readonly operations: readonly OperationDefinitionNode[];
}

const byDocument = new WeakMap<DocumentNode, AnalyzedDocument>();
const byString = new Map<string, AnalyzedDocument>();
const MAX_CACHED_STRINGS = 500;

function invalidDocument(message: string): ConfigurationError {
  return new ConfigurationError('INVALID_DOCUMENT', message);
}

function isDocumentNode(value: unknown): value is DocumentNode {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === Kind.DOCUMENT &&
    Array.isArray((value as { definitions?: unknown }).definitions)
  );
}

function analyze(document: DocumentNode, query: string): AnalyzedDocument {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  if (operations.length === 0) {
    throw invalidDocument('The document holds no operation: pass a query or a mutation.');
  }
  return { query, operations };
}

function analyzeString(source: string): AnalyzedDocument {
  let document: DocumentNode;
  try {
    document = parse(source);
  } catch (error) {
    // The message and location say what is wrong; the error itself would carry the whole source.
    const detail = error instanceof GraphQLError ? error.message : String(error);
    throw invalidDocument(`The document does not parse: ${detail}`);
  }
  return analyze(document, source);
}

function lookUp(document: unknown): AnalyzedDocument {
  // Codegen's `documentMode: 'string'` emits boxed strings.
  const source =
    typeof document === 'string'
      ? document
      : document instanceof String
        ? String(document)
        : undefined;
  if (source !== undefined) {
    let analyzed = byString.get(source);
    if (!analyzed) {
      analyzed = analyzeString(source);
      if (byString.size >= MAX_CACHED_STRINGS) byString.clear();
      byString.set(source, analyzed);
    }
    return analyzed;
  }
  if (!isDocumentNode(document)) {
    throw invalidDocument(
      'A document must be a GraphQL string or a DocumentNode (e.g. a TypedDocumentNode from codegen); ' +
        `got ${document === null ? 'null' : typeof document}.`,
    );
  }
  let analyzed = byDocument.get(document);
  if (!analyzed) {
    analyzed = analyze(document, print(document));
    byDocument.set(document, analyzed);
  }
  return analyzed;
}

function select(
  operations: readonly OperationDefinitionNode[],
  operationName: string | undefined,
): OperationDefinitionNode {
  const names = operations.map((o) => o.name?.value ?? '(anonymous)').join(', ');
  if (operationName === undefined) {
    if (operations.length === 1 && operations[0]) return operations[0];
    throw invalidDocument(
      `The document holds ${operations.length} operations (${names}): pass { operationName } to say which to run.`,
    );
  }
  const found = operations.find((o) => o.name?.value === operationName);
  if (!found) {
    throw invalidDocument(
      `The document has no operation named "${operationName}" (it has ${names}).`,
    );
  }
  return found;
}

/**
 * Analyses a document once (cached) and picks the operation to run. Throws a
 * {@link ConfigurationError} `INVALID_DOCUMENT` for a syntax error, something that is not a
 * document, no operation, several and no `operationName`, or a subscription.
 */
export function toOperation(document: unknown, operationName?: string): Operation {
  const { query, operations } = lookUp(document);
  const operation = select(operations, operationName);
  if (operation.operation === 'subscription') {
    throw invalidDocument(
      'Subscriptions are not supported: the Admin API answers queries and mutations over HTTP.',
    );
  }
  return {
    query,
    operationName: operation.name?.value,
    operationType: operation.operation === 'mutation' ? 'mutation' : 'query',
  };
}

/**
 * The JSON body of the request, serialised once before anything is sent. Variables that cannot
 * be serialised are a caller mistake (`INVALID_VARIABLES`), not a network error to retry.
 */
export function serializeRequest(operation: Operation, variables: unknown): string {
  if (variables !== undefined && variables !== null) {
    if (typeof variables !== 'object' || Array.isArray(variables)) {
      throw new ConfigurationError(
        'INVALID_VARIABLES',
        `Variables must be an object keyed by variable name (got ${Array.isArray(variables) ? 'an array' : typeof variables}).`,
        { operationName: operation.operationName },
      );
    }
  }
  try {
    return JSON.stringify({
      query: operation.query,
      ...(variables === undefined || variables === null ? {} : { variables }),
      ...(operation.operationName === undefined ? {} : { operationName: operation.operationName }),
    });
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n', 1)[0] : String(error);
    throw new ConfigurationError(
      'INVALID_VARIABLES',
      `The variables of ${operation.operationName ?? 'the operation'} cannot be sent as JSON ` +
        `(${detail}). Convert BigInt values to strings or numbers and remove cycles.`,
      { operationName: operation.operationName, cause: error },
    );
  }
}
