import type { GraphQLTagPluckOptions } from '@graphql-tools/graphql-tag-pluck';

/** A GraphQL template string found in a code file: its text and where that text starts. */
export interface PluckedTemplate {
  /** The template's text, character for character (interpolations blanked), so offsets carry over. */
  readonly body: string;
  /** Offset of `body` in the file. */
  readonly offset: number;
}

/**
 * What a code file gave: its templates, or why it does not parse and where, or that it nests too
 * deep for Babel's recursive parser (which then runs out of stack).
 */
export type PluckResult =
  | { readonly templates: readonly PluckedTemplate[] }
  | { readonly syntaxError: { readonly message: string; readonly offset: number } }
  | { readonly tooDeep: true };

type TemplateNode = Parameters<NonNullable<GraphQLTagPluckOptions['isGqlTemplateLiteral']>>[0];

interface NodeShape {
  readonly type: string;
  readonly start?: number | null;
  readonly end?: number | null;
  readonly leadingComments?: readonly { readonly value: string }[] | null;
  readonly expression?: NodeShape;
  readonly quasis?: readonly {
    readonly start?: number | null;
    readonly end?: number | null;
    readonly value: { readonly raw: string };
  }[];
}

const HASH_GRAPHQL = /^\s*#graphql\b/;
// Cheap test before Babel: each mark of GraphQL contains one of these (a tag under another name is
// imported as `gql` or `graphql`, or from `graphql-tag`), and each template a backtick.
const MAY_HOLD_GRAPHQL = /gql|graphql/i;

/** `/* GraphQL *\/` before the template (graphql-tag-pluck's rule), or `#graphql` at its start. */
function isGraphqlTemplate(node: TemplateNode): boolean {
  const shape = node as unknown as NodeShape;
  const comment = shape.leadingComments?.at(-1)?.value.trim().toLowerCase();
  if (comment === 'graphql') return true;
  const literal = shape.type === 'ExpressionStatement' ? shape.expression : shape;
  return HASH_GRAPHQL.test(literal?.quasis?.[0]?.value.raw ?? '');
}

/**
 * The template's text as written, with `${…}`, escaped backticks and a leading `#graphql` marker
 * blanked to the same length (the marker is not a comment to become a method's TSDoc):
 * graphql-tag-pluck's default trims and re-indents, which moves every line and column.
 */
function verbatimBody(code: string, node: TemplateNode): string {
  const start = (node.start ?? 0) + 1;
  const end = (node.end ?? start + 1) - 1;
  // Each `${…}` is what lies between two quasis, however many braces it holds (`${{ a: 1 }.a}`).
  const quasis = (node as unknown as NodeShape).quasis ?? [];
  const parts: string[] = [];
  let at = start;
  for (let i = 0; i + 1 < quasis.length; i++) {
    const from = quasis[i]?.end ?? at;
    const to = quasis[i + 1]?.start ?? from;
    parts.push(code.slice(at, from), ' '.repeat(Math.max(0, to - from)));
    at = Math.max(at, to);
  }
  parts.push(code.slice(at, end));
  const body = parts
    .join('')
    .replaceAll('\\`', ' `')
    .replace(HASH_GRAPHQL, (marker) => marker.replace('#graphql', '        '));
  return body.trim() === '' ? '' : body;
}

type Pluck = typeof import('@graphql-tools/graphql-tag-pluck').parseCode;
let parseCode: Pluck | undefined;

/**
 * Loads graphql-tag-pluck (and Babel) once, only when some code file may hold GraphQL: projects
 * with only `.graphql` documents never pay for it.
 */
export async function preparePlucking(): Promise<void> {
  parseCode ??= (await import('@graphql-tools/graphql-tag-pluck')).parseCode;
}

/** Whether a code file needs {@link pluckTemplates} at all; one pass over its text, no parsing. */
export function mayHoldGraphql(code: string): boolean {
  return code.includes('`') && MAY_HOLD_GRAPHQL.test(code);
}

/**
 * The GraphQL template strings of a code file: `gql`/`graphql` tags and calls, `/* GraphQL *\/`
 * and `#graphql` templates, or a syntax error when the file does not parse as JavaScript or
 * TypeScript. Call {@link preparePlucking} first.
 */
export function pluckTemplates(filePath: string, code: string): PluckResult {
  if (!parseCode) throw new Error('pluckTemplates: call preparePlucking() first');
  let plucked: ReturnType<Pluck>;
  try {
    plucked = parseCode({
      code,
      filePath,
      options: {
        skipIndent: true,
        isGqlTemplateLiteral: isGraphqlTemplate,
        pluckStringFromFile: (text, node) => verbatimBody(text, node),
      },
    });
  } catch (error) {
    if (error instanceof RangeError && /call stack/i.test(error.message)) return { tooDeep: true };
    const { pos, message } = error as { pos?: unknown; message?: string };
    return {
      syntaxError: {
        message: (message ?? String(error)).replace(/ \(\d+:\d+\)$/, ''),
        offset: typeof pos === 'number' ? pos : 0,
      },
    };
  }
  return {
    templates: plucked
      .map((template) => ({ body: template.content, offset: template.start + 1 }))
      .sort((a, b) => a.offset - b.offset),
  };
}
