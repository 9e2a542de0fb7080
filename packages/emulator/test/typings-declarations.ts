import ts from 'typescript';

/**
 * One top-level declaration of graphql-codegen typescript output, normalised so that the plugin's
 * `.ts` and its tsc-compiled `.d.ts` compare equal: `export enum` vs `export declare enum`,
 * indentation, quote style and line breaks are gone; names, optionality, type text, order and
 * the JSDoc text are kept.
 */
export interface Declaration {
  readonly name: string;
  readonly kind: string;
  /** JSDoc comment, each line trimmed at the start; '' when there is none. */
  readonly doc: string;
  /** Type alias: its text when it is not a type literal; enum: ''. */
  readonly text: string;
  /** Members of a type literal or an enum, in order. */
  readonly members: readonly Member[];
}

export interface Member {
  readonly name: string;
  readonly optional: boolean;
  /** Type text of a property, or the value of an enum member. */
  readonly type: string;
  readonly doc: string;
}

const printer = ts.createPrinter({ removeComments: true });

/** Parses typings with the TypeScript compiler API into their normalised declarations. */
export function readDeclarations(fileName: string, sourceText: string): Declaration[] {
  const source = ts.createSourceFile(fileName, sourceText, ts.ScriptTarget.Latest, true);
  const text = (node: ts.Node) =>
    printer
      .printNode(ts.EmitHint.Unspecified, node, source)
      .replace(/\s+/g, ' ')
      .replaceAll('"', "'");
  const doc = (node: ts.Node) =>
    (ts.getLeadingCommentRanges(source.text, node.pos) ?? [])
      .map((range) => source.text.slice(range.pos, range.end))
      .filter((comment) => comment.startsWith('/**'))
      .map((comment) => comment.replace(/^[ \t]+/gm, ''))
      .join('\n');
  const name = (node: ts.Node) =>
    ts.isTypeElement(node) || ts.isEnumMember(node) ? (node.name?.getText() ?? '') : '';

  return source.statements.map((statement): Declaration => {
    if (ts.isEnumDeclaration(statement)) {
      return {
        name: statement.name.text,
        kind: 'enum',
        doc: doc(statement),
        text: '',
        members: statement.members.map((member) => ({
          name: name(member),
          optional: false,
          type: member.initializer ? text(member.initializer) : '',
          doc: doc(member),
        })),
      };
    }
    if (ts.isTypeAliasDeclaration(statement)) {
      const parameters = statement.typeParameters?.map(text).join(', ') ?? '';
      const literal = ts.isTypeLiteralNode(statement.type) ? statement.type : undefined;
      return {
        name: statement.name.text,
        kind: 'type',
        doc: doc(statement),
        text: literal ? `<${parameters}>` : `<${parameters}> ${text(statement.type)}`,
        members: (literal?.members ?? []).map((member) => ({
          name: name(member),
          optional: Boolean(member.questionToken),
          type: ts.isPropertySignature(member) && member.type ? text(member.type) : text(member),
          doc: doc(member),
        })),
      };
    }
    return {
      name: text(statement),
      kind: ts.SyntaxKind[statement.kind],
      doc: '',
      text: '',
      members: [],
    };
  });
}

/**
 * Lists how `actual` differs from `expected`, one readable line per difference (missing, extra
 * or reordered declarations; per declaration its kind, doc, text and members), in file order.
 */
export function diffDeclarations(
  expected: readonly Declaration[],
  actual: readonly Declaration[],
): string[] {
  const diffs: string[] = [];
  const actualByName = new Map(actual.map((declaration) => [declaration.name, declaration]));
  const expectedNames = new Set(expected.map((declaration) => declaration.name));
  for (const declaration of actual) {
    if (!expectedNames.has(declaration.name)) diffs.push(`${declaration.name}: not expected`);
  }
  const common = expected.filter((declaration) => actualByName.has(declaration.name));
  const actualOrder = actual.filter((declaration) => expectedNames.has(declaration.name));
  const moved = common.findIndex((declaration, i) => declaration.name !== actualOrder[i]?.name);
  if (moved !== -1) {
    diffs.push(
      `order: expected ${common[moved]?.name} at ${moved}, got ${actualOrder[moved]?.name}`,
    );
  }
  for (const want of expected) {
    const got = actualByName.get(want.name);
    if (!got) {
      diffs.push(`${want.name}: missing`);
      continue;
    }
    for (const key of ['kind', 'doc', 'text'] as const) {
      if (want[key] !== got[key]) diffs.push(`${want.name} ${key}: ${show(want[key], got[key])}`);
    }
    diffs.push(...diffMembers(want, got));
  }
  return diffs;
}

function diffMembers(want: Declaration, got: Declaration): string[] {
  const diffs: string[] = [];
  const length = Math.max(want.members.length, got.members.length);
  for (let i = 0; i < length; i++) {
    const [w, g] = [want.members[i], got.members[i]];
    const at = `${want.name}.${w?.name ?? g?.name}`;
    if (!w || !g || w.name !== g.name) {
      diffs.push(`${want.name} member ${i}: ${show(w?.name, g?.name)}`);
      // Members after a missing or extra one are all shifted; the first is the useful report.
      break;
    }
    if (w.optional !== g.optional) diffs.push(`${at} optional: ${show(w.optional, g.optional)}`);
    if (w.type !== g.type) diffs.push(`${at} type: ${show(w.type, g.type)}`);
    if (w.doc !== g.doc) diffs.push(`${at} doc: ${show(w.doc, g.doc)}`);
  }
  return diffs;
}

function show(expected: unknown, actual: unknown): string {
  return `expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
}
