import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const require = createRequire(import.meta.url);
const packages = fileURLToPath(new URL('../../', import.meta.url));

/** The kit's strict settings: how an app that follows the READMEs compiles the generated module. */
export const KIT_COMPILER_OPTIONS = {
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
} as const;

/**
 * Writes `content` as `src/generated/admin-api.ts` in `dir` and type-checks `src` with the
 * strictest settings a consumer may use, against @admin-api/client's sources.
 * Resolves to tsc's output: empty when everything type-checks.
 */
export async function typeCheckGenerated(dir: string, content: string): Promise<string> {
  mkdirSync(join(dir, 'src/generated'), { recursive: true });
  writeFileSync(join(dir, 'src/generated/admin-api.ts'), content);
  return typeCheckDirectory(dir, ['src']);
}

/**
 * Type-checks `include` (paths in `dir`) as tsc would, with the strictest settings a consumer may
 * use plus `options`, against @admin-api/client's sources, so that no build is needed. Resolves to
 * tsc's output for the files of `dir` (`listFiles` adds every file read): empty when they
 * type-check. The kit's sources are not reported: a consumer compiles the built declarations with
 * `skipLibCheck`, and the sources fail on what the consumer's settings leave out (`types: []`, so
 * no `process` or `node:fs`); `pnpm typecheck` checks them under the kit's own settings.
 */
export async function typeCheckDirectory(
  dir: string,
  include: readonly string[],
  options: Record<string, unknown> = {},
): Promise<string> {
  const config = {
    compilerOptions: {
      ...KIT_COMPILER_OPTIONS,
      lib: ['ES2023', 'DOM'],
      paths: {
        '@admin-api/auth/internal': [join(packages, 'auth/src/internal.ts')],
        '@admin-api/*': [join(packages, '*/src/index.ts')],
        '@graphql-typed-document-node/core': [
          require.resolve('@graphql-typed-document-node/core/typings/index.d.ts'),
        ],
        // A peer dependency of the client, so every consumer has it.
        graphql: [require.resolve('graphql/index.d.ts')],
      },
      ...options,
    },
    include,
  };
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dir);
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    host: cachingHost(parsed.options),
    configFileParsingDiagnostics: parsed.errors,
  });
  const diagnostics = ts.sortAndDeduplicateDiagnostics([
    ...parsed.errors,
    ...program
      .getRootFileNames()
      .flatMap((name) => ts.getPreEmitDiagnostics(program, program.getSourceFile(name))),
  ]);
  const output = ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => dir,
    getNewLine: () => '\n',
  });
  if (!parsed.options.listFiles) return output;
  return (
    output +
    program
      .getSourceFiles()
      .map((file) => `${file.fileName}\n`)
      .join('')
  );
}

/**
 * Declarations under node_modules (TypeScript's lib, graphql's), parsed and bound once for every
 * check in this worker: parsing lib.dom.d.ts again took most of each check's time.
 */
const parsedDeclarations = new Map<string, ts.SourceFile>();

function cachingHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreateNew) => {
    if (shouldCreateNew || !fileName.includes('/node_modules/') || !fileName.endsWith('.d.ts'))
      return getSourceFile(fileName, languageVersion, onError, shouldCreateNew);
    const { languageVersion: version, impliedNodeFormat } =
      typeof languageVersion === 'object' ? languageVersion : { languageVersion };
    const key = `${fileName}\0${version}\0${impliedNodeFormat}`;
    let file = parsedDeclarations.get(key);
    if (!file) {
      file = getSourceFile(fileName, languageVersion, onError);
      if (file) parsedDeclarations.set(key, file);
    }
    return file;
  };
  return host;
}
