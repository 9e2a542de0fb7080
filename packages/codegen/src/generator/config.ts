import { isRecord } from '@admin-api/auth/internal';
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
   * TypeScript types for custom scalars, written into the module as they are: one type for
   * results and inputs, or graphql-codegen's `{ input, output }` for a different type in each.
   * Any other scalar is `unknown`, never `any`.
   * @default { Timestamp: 'number', JSON: 'unknown' }
   * @example { Timestamp: 'string', JSON: { input: 'unknown', output: 'Record<string, unknown>' } }
   */
  readonly scalars?: Readonly<Record<string, string | ScalarTypes>>;
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

/** A scalar's TypeScript type where GraphQL sends it (`output`) and where it is given (`input`). */
export interface ScalarTypes {
  readonly input: string;
  readonly output: string;
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

/** One TypeScript type from `scalars`, checked, for the option named `option`. */
function scalarTypeOption(option: string, type: unknown): string {
  if (typeof type !== 'string' || type.trim() === '' || /[\r\n;]/.test(type)) {
    throw invalid(
      `"${option}" must be a TypeScript type on one line, such as "string", or { input, output } of two (got ${JSON.stringify(type)})`,
    );
  }
  return type.trim();
}

/** Each scalar's types in results and in inputs: built in, the defaults, then `scalars`. */
function resolveScalars(value: unknown): ReadonlyMap<string, ScalarTypes> {
  const scalars = new Map<string, ScalarTypes>();
  for (const [name, type] of [...BUILT_IN_SCALARS, ...Object.entries(DEFAULT_SCALARS)]) {
    scalars.set(name, { input: type, output: type });
  }
  if (value === undefined) return scalars;
  if (!isRecord(value)) {
    throw invalid(
      '"scalars" must map scalar names to TypeScript types, e.g. { Timestamp: "number" }',
    );
  }
  for (const [name, type] of Object.entries(value)) {
    if (isRecord(type)) {
      scalars.set(name, {
        input: scalarTypeOption(`scalars.${name}.input`, type.input),
        output: scalarTypeOption(`scalars.${name}.output`, type.output),
      });
    } else {
      const both = scalarTypeOption(`scalars.${name}`, type);
      scalars.set(name, { input: both, output: both });
    }
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
  const idInput = config.scalars?.ID === undefined ? 'string | number' : scalars.get('ID')?.input;
  return {
    clientModule: resolveClientModule(config.clientModule),
    documentMode,
    scalarType: (name) => scalars.get(name)?.output ?? 'unknown',
    inputScalarType: (name) => (name === 'ID' ? idInput : scalars.get(name)?.input) ?? 'unknown',
  };
}
