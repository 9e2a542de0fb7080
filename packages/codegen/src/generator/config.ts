import { CodegenError } from '../errors.js';

/** How the service's custom scalars appear in TypeScript, unless overridden with `scalars`. */
export const DEFAULT_SCALARS: Readonly<Record<string, string>> = {
  Timestamp: 'number',
  JSON: 'unknown',
};

const BUILT_IN_SCALARS: ReadonlyMap<string, string> = new Map([
  ['String', 'string'],
  ['ID', 'string'],
  ['Int', 'number'],
  ['Float', 'number'],
  ['Boolean', 'boolean'],
]);

/** Options of the generator, as written in a codegen config. All optional. */
export interface GeneratorConfig {
  /**
   * TypeScript types for custom scalars, written into the module as they are. Any other scalar
   * is `unknown`, never `any`.
   * @default { Timestamp: 'number', JSON: 'unknown' }
   * @example { Timestamp: 'string', JSON: 'Record<string, unknown>' }
   */
  readonly scalars?: Readonly<Record<string, string>>;
  /**
   * Module the SDK imports the client types from (`AdminClient`, `RequestArgs`,
   * `TypedDocumentString`). A relative path gets `.js` when it has no extension.
   * @default '@admin-api/client'
   * @example { clientModule: '@acme/admin-api-client' }
   */
  readonly clientModule?: string;
  /**
   * `'string'`: each document is its compact text, typed as a `TypedDocumentString`, a plain
   * string at runtime. `'node'`: each document is a `TypedDocumentNode` syntax tree, for tools
   * that need a `DocumentNode`.
   * @default 'string'
   * @example { documentMode: 'node' }
   */
  readonly documentMode?: 'string' | 'node';
}

/** {@link GeneratorConfig} with the defaults filled in and checked. */
export interface ResolvedGeneratorConfig {
  readonly clientModule: string;
  readonly documentMode: 'string' | 'node';
  /** The TypeScript type of a scalar in results: configured, built in, or `unknown`. */
  readonly scalarType: (name: string) => string;
  /** The same for inputs, where GraphQL also accepts an integer for an `ID`. */
  readonly inputScalarType: (name: string) => string;
}

function invalid(message: string): CodegenError {
  return new CodegenError('INVALID_OPTION', message);
}

function resolveClientModule(value: unknown): string {
  if (value === undefined) return '@admin-api/client';
  if (typeof value !== 'string' || !/^[^'"\\\s]+$/.test(value)) {
    throw invalid(
      `"clientModule" must be a module specifier without quotes, backslashes or spaces, such as '@admin-api/client' (got ${JSON.stringify(value)})`,
    );
  }
  // The generated module is ESM: a relative import needs its extension.
  return value.startsWith('.') && !/\.[cm]?[jt]s$/.test(value) ? `${value}.js` : value;
}

function resolveScalars(value: unknown): ReadonlyMap<string, string> {
  const scalars = new Map([...BUILT_IN_SCALARS, ...Object.entries(DEFAULT_SCALARS)]);
  if (value === undefined) return scalars;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(
      '"scalars" must map scalar names to TypeScript types, e.g. { Timestamp: "number" }',
    );
  }
  for (const [name, type] of Object.entries(value)) {
    if (typeof type !== 'string' || type.trim() === '' || /[\r\n;]/.test(type)) {
      throw invalid(
        `"scalars.${name}" must be a TypeScript type on one line, such as "string" (got ${JSON.stringify(type)})`,
      );
    }
    scalars.set(name, type.trim());
  }
  return scalars;
}

/** Fills in the defaults once; a malformed option throws `INVALID_OPTION` naming it. */
export function resolveGeneratorConfig(config: GeneratorConfig = {}): ResolvedGeneratorConfig {
  const documentMode = config.documentMode ?? 'string';
  if (documentMode !== 'string' && documentMode !== 'node') {
    throw invalid(
      `"documentMode" must be 'string' or 'node' (got ${JSON.stringify(documentMode)})`,
    );
  }
  const scalars = resolveScalars(config.scalars);
  const scalarType = (name: string) => scalars.get(name) ?? 'unknown';
  const idInput = config.scalars?.ID === undefined ? 'string | number' : scalarType('ID');
  return {
    clientModule: resolveClientModule(config.clientModule),
    documentMode,
    scalarType,
    inputScalarType: (name) => (name === 'ID' ? idInput : scalarType(name)),
  };
}
