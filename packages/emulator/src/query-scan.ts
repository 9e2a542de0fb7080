import { GraphQLError, Lexer, Source, TokenKind } from 'graphql';

/** What one pass of the lexer saw of a document, before anything parses it. */
export interface DocumentScan {
  /** Deepest nesting of `{`, `[` and `(` together: how deep the (recursive) parser would go. */
  readonly nesting: number;
  /** Names followed by `:` outside parentheses: aliases, in a valid document. */
  readonly aliases: number;
  /** Tokens, counted as `parse` counts them for `maxTokens`. */
  readonly tokens: number;
  /** False when the scan stopped at `maxTokens` + 1 tokens: the counts are of what came before. */
  readonly complete: boolean;
}

const OPENING = new Set<string>([TokenKind.BRACE_L, TokenKind.BRACKET_L, TokenKind.PAREN_L]);
const CLOSING = new Set<string>([TokenKind.BRACE_R, TokenKind.BRACKET_R, TokenKind.PAREN_R]);

/**
 * Counts nesting, aliases and tokens in one pass of graphql-js's own lexer: linear, with no
 * recursion, so a document too deep for the parser's stack is measured instead of crashing it.
 * The scan stops past `maxTokens` (the document is refused then, and the lexer's time and
 * memory, about 0.8 µs and 90 bytes a token, stay bounded by the limit, not by the body). A
 * lexical error ends the scan with what was counted before it (the parser then reports the
 * error, and never nests deeper than the scan reached). Inside parentheses a `name:` is an
 * argument, a variable or an input field, never an alias; every alias lies outside them.
 */
export function scanDocument(text: string, maxTokens = Number.POSITIVE_INFINITY): DocumentScan {
  const lexer = new Lexer(new Source(text));
  let depth = 0;
  let nesting = 0;
  let parens = 0;
  let aliases = 0;
  let tokens = 0;
  let previous: string = TokenKind.SOF;
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      if (++tokens > maxTokens) return { nesting, aliases, tokens, complete: false };
      const kind: string = token.kind;
      if (OPENING.has(kind)) {
        depth++;
        if (depth > nesting) nesting = depth;
        if (kind === TokenKind.PAREN_L) parens++;
      } else if (CLOSING.has(kind)) {
        depth = Math.max(0, depth - 1);
        if (kind === TokenKind.PAREN_R) parens = Math.max(0, parens - 1);
      } else if (kind === TokenKind.COLON && parens === 0 && previous === TokenKind.NAME) {
        aliases++;
      }
      previous = kind;
    }
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
  }
  return { nesting, aliases, tokens, complete: true };
}
