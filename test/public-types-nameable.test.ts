import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const packagesDir = fileURLToPath(new URL('../packages/', import.meta.url));
/** Each package, and those of ours its README's install line adds beside it. */
const INSTALLED_WITH: Record<string, readonly string[]> = {
  app: ['client'],
  auth: [],
  client: [],
  codegen: ['client'],
  emulator: [],
  postgres: ['app'],
  redis: ['client', 'app'],
};

/**
 * The `.d.ts` of every public entry point a package exports; `./internal` (shared between the
 * kit's packages, not public API) is left out.
 */
function typeEntries(folder: string): string[] {
  const pkg = JSON.parse(readFileSync(`${packagesDir}${folder}/package.json`, 'utf8')) as {
    exports: Record<string, { types?: string } | string>;
  };
  return Object.entries(pkg.exports).flatMap(([subpath, target]) =>
    typeof target === 'object' && target.types && subpath !== './internal'
      ? [`${packagesDir}${folder}/${target.types.slice(2)}`]
      : [],
  );
}

const resolved = (checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol =>
  symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;

const isOurs = (node: ts.Node) => node.getSourceFile().fileName.startsWith(packagesDir);

/**
 * The name a type reference resolves through: `Foo` in `Foo<T>`, `a.Foo`, `typeof foo`, and
 * `import("./x.js").Foo`, which tsc writes for inferred types.
 */
function referencedName(node: ts.Node): ts.Node | undefined {
  if (ts.isTypeReferenceNode(node)) return node.typeName;
  if (ts.isExpressionWithTypeArguments(node)) return node.expression;
  if (ts.isTypeQueryNode(node)) return node.exprName;
  if (ts.isImportTypeNode(node)) return node.qualifier;
  return undefined;
}

describe("the packages' published types", () => {
  // A type that a package's declarations name but no entry point exports makes code that infers
  // it (`export const errorsOf = (e: GraphQLResponseError) => e.errors`) fail to compile with
  // `declaration: true`: TS2742, "cannot be named without a reference to …/dist/…".
  it('name only types that the package, or one installed beside it, exports from an entry point', () => {
    const folders = Object.keys(INSTALLED_WITH);
    const program = ts.createProgram(folders.flatMap(typeEntries), {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      noEmit: true,
      skipLibCheck: true,
    });
    const checker = program.getTypeChecker();
    const exportsOf = new Map<string, Set<ts.Symbol>>();
    for (const folder of folders) {
      const exported = new Set<ts.Symbol>();
      for (const entry of typeEntries(folder)) {
        const file = program.getSourceFile(entry);
        const module = file && checker.getSymbolAtLocation(file);
        expect(module, entry).toBeDefined();
        for (const symbol of module ? checker.getExportsOfModule(module) : [])
          exported.add(resolved(checker, symbol));
      }
      exportsOf.set(folder, exported);
    }
    const unnamed = new Set<string>();
    for (const folder of folders) {
      const own = exportsOf.get(folder) ?? new Set();
      const nameable = new Set([
        ...own,
        ...(INSTALLED_WITH[folder] ?? []).flatMap((other) => [...(exportsOf.get(other) ?? [])]),
      ]);
      let from = '';
      const visit = (node: ts.Node) => {
        const name = referencedName(node);
        const symbol = name && checker.getSymbolAtLocation(name);
        const target = symbol && resolved(checker, symbol);
        const declaration = target?.declarations?.[0];
        if (
          target &&
          declaration &&
          isOurs(declaration) &&
          !(target.flags & ts.SymbolFlags.TypeParameter) &&
          !nameable.has(target)
        ) {
          const where = declaration.getSourceFile().fileName.slice(packagesDir.length);
          unnamed.add(`${target.name} (${where}), named by ${folder}'s ${from}`);
        }
        ts.forEachChild(node, visit);
      };
      for (const symbol of own) {
        from = symbol.name;
        for (const declaration of symbol.declarations ?? [])
          if (isOurs(declaration)) visit(declaration);
      }
    }
    expect(exportsOf.get('client')?.size).toBeGreaterThan(50);
    expect([...unnamed].sort()).toEqual([]);
  });
});
