import { type DocumentNode, GraphQLError, type GraphQLSchema, parse } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { measureQuery } from './query-cost.js';
import {
  firstRefusal,
  type QueryLimits,
  type QueryRefusal,
  queryRefusalError,
} from './query-limits.js';
import { scanDocument } from './query-scan.js';

/**
 * How far argument values (`{ a: [{ b: … }] }`) may nest beyond `maxDepth` before the parser is
 * kept from a document: the scan cannot tell a selection's brace from a value's.
 */
export const VALUE_NESTING_ALLOWANCE = 32;

/** What the endpoint learns of a request from inside graphql-yoga. */
export interface RequestOutcome {
  /** The limit the query broke, if it was refused. */
  refusal: QueryRefusal | undefined;
  /** True when the answer carries GraphQL `errors`. */
  errors: boolean;
}

/** The refusal as graphql-yoga answers a thrown error: HTTP 400 (it leaves `extensions.http` out). */
function refusalError(refusal: QueryRefusal): GraphQLError {
  const { message, extensions } = queryRefusalError(refusal);
  return new GraphQLError(message, { extensions: { ...extensions, http: { status: 400 } } });
}

interface LimitedContext {
  readonly outcome: RequestOutcome;
  readonly params?: { readonly variables?: Readonly<Record<string, unknown>> | null };
}

/**
 * Refuses a query over `limits` where graphql-yoga parses it, so every way in (POST JSON, GET,
 * forms) is checked, before validation and execution: first a lexical scan (nesting, aliases,
 * tokens) that keeps a document too deep from the recursive parser, then, once parsed (with
 * `maxTokens`), the measure of its depth, aliases and list size. A refusal is thrown from the
 * parse step, so graphql-yoga answers it as it answers a syntax error, with the status it
 * carries (400), and its parser cache never keeps it. Also notes whether an answer has errors.
 */
export function queryLimitsPlugin(
  limits: QueryLimits,
  schema: GraphQLSchema,
): Plugin<LimitedContext, LimitedContext> {
  return {
    onParse({ context, params, setParseFn }) {
      const refuse = (refusal: QueryRefusal | undefined) => {
        if (!refusal) return;
        context.outcome.refusal = refusal;
        throw refusalError(refusal);
      };
      const text = typeof params.source === 'string' ? params.source : params.source.body;
      const scan = scanDocument(text, limits.maxTokens);
      const partial = scan.complete ? {} : { partial: true };
      refuse(
        scan.nesting > limits.maxDepth + VALUE_NESTING_ALLOWANCE
          ? { limit: 'depth', max: limits.maxDepth, actual: scan.nesting, ...partial }
          : firstRefusal(
              [
                ['aliases', scan.aliases, limits.maxAliases],
                ['tokens', scan.tokens, limits.maxTokens],
              ],
              !scan.complete,
            ),
      );
      // `maxTokens` (renamed `maxLexicalTokens` in graphql 16.15) is what every graphql 16 with
      // a cap knows; the scan has already counted, so this is a second lock.
      setParseFn((source, options) => parse(source, { ...options, maxTokens: limits.maxTokens }));
      return ({ result }) => {
        if (!result || result instanceof Error) return;
        const cost = measureQuery(result as DocumentNode, schema, context.params?.variables);
        refuse(
          firstRefusal([
            ['depth', cost.depth, limits.maxDepth],
            ['aliases', cost.aliases, limits.maxAliases],
            ['listSize', cost.listSize, limits.maxListSize],
          ]),
        );
      };
    },
    onExecutionResult({ result, context }) {
      if (result && !(Symbol.asyncIterator in result)) {
        const results = Array.isArray(result) ? result : [result];
        if (results.some((one) => (one.errors?.length ?? 0) > 0)) context.outcome.errors = true;
      }
    },
  };
}
