import ts from 'typescript';
import type { Doc } from './schema-model.js';

const DEPRECATED = '@deprecated ';

/**
 * Reads the description and deprecation reason that graphql-codegen's typescript plugin wrote as
 * the JSDoc comment in front of `node`, undoing the plugin's `transformComment`: a one-line text is
 * written on the comment's own line, longer texts as ` * line` lines, a star-slash inside the text
 * gets a backslash between the two, and a deprecation is appended as a last `@deprecated reason`
 * line.
 */
export function readDoc(node: ts.Node): Doc {
  const source = node.getSourceFile();
  const comments = (ts.getLeadingCommentRanges(source.text, node.pos) ?? []).filter((range) =>
    source.text.startsWith('/**', range.pos),
  );
  const [comment, ...more] = comments;
  if (!comment) return {};
  if (more.length > 0) throw new Error(`${where(node)}: more than one JSDoc comment`);
  return splitDeprecation(commentText(source.text.slice(comment.pos, comment.end), node));
}

function commentText(raw: string, node: ts.Node): string {
  const single = /^\/\*\* ([^\n]*) \*\/$/.exec(raw);
  if (single) return unescapeStarSlash(single[1] ?? '');
  const lines = raw.split('\n');
  if (lines.length < 3 || lines[0] !== '/**' || !/^\s*\*\/$/.test(lines.at(-1) ?? '')) {
    throw new Error(`${where(node)}: unexpected JSDoc layout: ${raw}`);
  }
  return unescapeStarSlash(
    lines
      .slice(1, -1)
      .map((line) => {
        // The plugin writes ` * ${line}` and then strips trailing spaces, so an empty line is ` *`.
        const match = /^\s*\*(?: (.*))?$/.exec(line);
        if (!match) throw new Error(`${where(node)}: unexpected JSDoc line: ${line}`);
        return match[1] ?? '';
      })
      .join('\n'),
  );
}

function unescapeStarSlash(text: string): string {
  return text.replaceAll('*\\/', '*/');
}

function splitDeprecation(text: string): Doc {
  if (text.startsWith(DEPRECATED)) return { deprecationReason: text.slice(DEPRECATED.length) };
  const at = text.lastIndexOf(`\n${DEPRECATED}`);
  if (at === -1) return { description: text };
  return {
    description: text.slice(0, at),
    deprecationReason: text.slice(at + 1 + DEPRECATED.length),
  };
}

/** `file:line` of a node, for error messages. */
export function where(node: ts.Node): string {
  const source = node.getSourceFile();
  const { line } = source.getLineAndCharacterOfPosition(node.getStart());
  return `${source.fileName}:${line + 1}`;
}
