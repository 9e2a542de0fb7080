import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** One `@example` of a TSDoc comment in a package's source. */
export interface TsdocExample {
  /**
   * Stable: the file and the name of the declaration the comment documents, e.g.
   * `packages/client/src/paginate.ts PaginateOptions.select`; ` #2` on for a second example of it.
   */
  readonly id: string;
  /** The example's text, without the comment's ` * ` prefixes or a ```ts fence. */
  readonly code: string;
  /** Where each line of `code` starts in the source file (1-based line and column). */
  readonly origins: readonly SourcePosition[];
}

export interface SourcePosition {
  readonly line: number;
  readonly column: number;
}

/** A tag, in TSDoc: `@name` at the start of a line of the comment. */
const BLOCK_TAG = /^\s*@[A-Za-z]/;
const EXAMPLE_TAG = /@example(?=\s|$)/;

/** Every `@example` in `packages/<name>/src/**\/*.ts` under `root`, in file order. */
export function findTsdocExamples(root: string): TsdocExample[] {
  const examples: TsdocExample[] = [];
  for (const pkg of readdirSync(join(root, 'packages')).sort()) {
    const src = join(root, 'packages', pkg, 'src');
    if (!existsSync(src)) continue;
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' });
    for (const file of files.filter((name) => name.endsWith('.ts')).sort()) {
      const path = join(src, file);
      const text = readFileSync(path, 'utf8');
      if (EXAMPLE_TAG.test(text)) examples.push(...examplesInFile(relative(root, path), text));
    }
  }
  return examples;
}

function examplesInFile(file: string, text: string): TsdocExample[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: TsdocExample[] = [];
  const perDeclaration = new Map<string, number>();
  for (const [pos, declaration] of documentedDeclarations(source)) {
    const comment = text.slice(pos, text.indexOf('*/', pos + 2) + 2);
    const start = source.getLineAndCharacterOfPosition(pos);
    for (const example of examplesInComment(comment, start.line + 1, start.character + 1)) {
      const count = (perDeclaration.get(declaration) ?? 0) + 1;
      perDeclaration.set(declaration, count);
      const id = `${file} ${declaration}${count > 1 ? ` #${count}` : ''}`;
      found.push({ id, ...example });
    }
  }
  return found;
}

/**
 * Each `/** … *\/` comment of the file (by position) with the qualified name of what it documents:
 * the outermost node it leads, named with its containers (`GraphQLResponseError.constructor`).
 * Every comment is in the trivia before some token, leading it (after a line break) or trailing
 * the token before (`f(/** … *\/ x)`), so none is missed; one before no declaration is named by line.
 */
function documentedDeclarations(source: ts.SourceFile): Map<number, string> {
  const comments = new Map<number, string>();
  const visit = (node: ts.Node): void => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) {
      return;
    }
    if (node.kind !== ts.SyntaxKind.SyntaxList && !ts.isSourceFile(node)) {
      const at = node.getFullStart();
      const ranges = [
        ...(ts.getLeadingCommentRanges(source.text, at) ?? []),
        ...(ts.getTrailingCommentRanges(source.text, at) ?? []),
      ];
      for (const range of ranges) {
        if (comments.has(range.pos) || !source.text.startsWith('/**', range.pos)) continue;
        const line = source.getLineAndCharacterOfPosition(range.pos).line + 1;
        comments.set(range.pos, qualifiedName(node) || `line ${line}`);
      }
    }
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return comments;
}

function qualifiedName(node: ts.Node): string {
  const parts: string[] = [];
  for (let at: ts.Node | undefined = node; at && !ts.isSourceFile(at); at = at.parent) {
    const name = ownName(at);
    if (name) parts.unshift(name);
  }
  return parts.join('.');
}

function ownName(node: ts.Node): string | undefined {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (ts.isVariableStatement(node)) return ownName(node.declarationList.declarations[0] ?? node);
  const name = (node as { name?: ts.Node }).name;
  if (name && (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name)))
    return name.text;
  return undefined;
}

interface CommentLine extends SourcePosition {
  readonly text: string;
}

/**
 * The examples of one comment that starts at `line`, `column`: from each `@example` tag (text
 * after it on its line included) to the next tag or the end of the comment; a tag inside a fence
 * is code.
 */
function examplesInComment(
  comment: string,
  line: number,
  column: number,
): Omit<TsdocExample, 'id'>[] {
  const blocks: CommentLine[][] = [];
  let current: CommentLine[] | undefined;
  let inFence = false;
  // `/**` kept as spaces, so that columns on the first line stay right.
  const lines = comment
    .replace(/^\/\*\*/, '   ')
    .replace(/\*\/$/, '')
    .split('\n');
  lines.forEach((raw, index) => {
    const text = raw.replace(/^\s*\* ?/, '');
    const at = {
      line: line + index,
      column: (index === 0 ? column : 1) + raw.length - text.length,
    };
    const tag = inFence ? null : EXAMPLE_TAG.exec(text);
    if (tag) {
      const rest = text.slice(tag.index + tag[0].length);
      const code = rest.trimStart();
      current = [
        { text: code.trimEnd(), line: at.line, column: at.column + text.length - code.length },
      ];
      blocks.push(current);
    } else if (!inFence && BLOCK_TAG.test(text)) {
      current = undefined;
    } else if (current) {
      current.push({ text, ...at });
      if (/^\s*```/.test(text)) inFence = !inFence;
    }
  });
  return blocks.map(toExample);
}

/**
 * The block without blank lines around it or a ```ts fence (one naming another language stays,
 * so that tsc reports it), and with `*\/` read as the end of a comment, which a comment cannot hold.
 */
function toExample(block: readonly CommentLine[]): Omit<TsdocExample, 'id'> {
  let lines = trimBlank(block);
  const open = lines[0]?.text.trim();
  if (
    (open === '```ts' || open === '```typescript' || open === '```') &&
    lines.at(-1)?.text.trim() === '```'
  ) {
    lines = trimBlank(lines.slice(1, -1));
  }
  return {
    code: lines.map(({ text }) => text.replaceAll('*\\/', '*/')).join('\n'),
    origins: lines.map(({ line, column }) => ({ line, column })),
  };
}

function trimBlank(lines: readonly CommentLine[]): readonly CommentLine[] {
  const first = lines.findIndex(({ text }) => text.trim() !== '');
  if (first < 0) return [];
  const last = lines.findLastIndex(({ text }) => text.trim() !== '');
  return lines.slice(first, last + 1);
}
