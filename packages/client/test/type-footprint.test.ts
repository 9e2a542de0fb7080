import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const entry = fileURLToPath(new URL('./type-footprint-entry.ts', import.meta.url));

describe("the client's published types", () => {
  it('type-check without loading the typings of graphql or @graphql-typed-document-node/core', () => {
    const program = ts.createProgram([entry], {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
    });
    const files = program.getSourceFiles().map((file) => file.fileName);
    const checked = program.getSourceFile(entry);
    expect(checked && program.getSemanticDiagnostics(checked).map((d) => d.messageText)).toEqual(
      [],
    );
    // The published declarations were read, not the sources.
    expect(files.some((file) => file.endsWith('/packages/client/dist/index.d.ts'))).toBe(true);
    expect(files.filter((file) => /\/(graphql|@graphql-typed-document-node)\//.test(file))).toEqual(
      [],
    );
  });
});
