import { type ASTNode, getLocation } from 'graphql';

/** `file:line:column` of a node, for messages that point the user at the source. */
export function sourceLocation(file: string | undefined, node: ASTNode): string {
  const where = file ?? 'unknown file';
  if (!node.loc) return where;
  const { line, column } = getLocation(node.loc.source, node.loc.start);
  return `${where}:${line}:${column}`;
}

/**
 * The `#` comment lines directly above a node (no blank line between), without the `#`.
 * GraphQL drops comments from the AST, so they are read from the source text.
 */
export function leadingComment(node: ASTNode): string | undefined {
  if (!node.loc) return undefined;
  const lines = node.loc.source.body.slice(0, node.loc.start).split(/\r?\n/);
  lines.pop();
  const comment: string[] = [];
  for (let line = lines.pop(); line !== undefined; line = lines.pop()) {
    const match = /^\s*#\s?(.*)$/.exec(line);
    if (!match) break;
    comment.unshift((match[1] ?? '').trimEnd());
  }
  const text = comment.join('\n').trim();
  return text === '' ? undefined : text;
}
