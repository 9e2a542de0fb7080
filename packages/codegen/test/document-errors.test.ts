import { join } from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { buildSchema, parse } from 'graphql';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CodegenError, plugin, validate } from '../src/index.js';
import { runGraphqlCodegenCli } from './codegen-cli.js';
import { codegenFailure, rejection, runCodegen, useProject } from './codegen-harness.js';
import { inDirectory } from './runner-harness.js';
import { TINY_SDL, writeTinyCache } from './tiny-schema.js';

const project = useProject();
const noCredentials = async () => undefined;

beforeEach(() => {
  for (const name of ['AUTH_URL', 'BASE_URL', 'CLIENT_ID', 'CLIENT_SECRET']) {
    vi.stubEnv(`ADMIN_API_${name}`, '');
  }
});
afterEach(() => vi.unstubAllEnvs());

/** A project with the tiny schema cached, so codegen runs without any service. */
function cachedProject(files: Record<string, string>): string {
  const dir = project(files);
  writeTinyCache(join(dir, 'admin-api.schema.graphql'));
  return dir;
}

/**
 * Runs codegen through graphql-codegen's `generate()` in `dir` (files are named from the folder
 * codegen runs in, as by `admin-api codegen`) and returns the error it rejects with.
 */
async function failure(dir: string): Promise<CodegenError> {
  const error = await inDirectory(dir, () =>
    codegenFailure(runCodegen(dir, { credentials: noCredentials })),
  );
  expect(error).toBeInstanceOf(CodegenError);
  return error as CodegenError;
}

describe('documents that cannot become an SDK stop codegen with the file and line', () => {
  it('an anonymous operation reaches generate() as ANONYMOUS_OPERATION', async () => {
    const dir = cachedProject({ 'src/me.graphql': '\n\nquery {\n  me { id }\n}\n' });
    const error = await failure(dir);
    expect(error.code).toBe('ANONYMOUS_OPERATION');
    expect(error.message).toContain(
      '\n  src/me.graphql:3:1: error: anonymous query: give it a name',
    );
  });

  it('two operations that map to one method name reach generate() as DUPLICATE_METHOD', async () => {
    const dir = cachedProject({
      'src/a.graphql': 'query GetMe { me { id } }\n',
      'src/b.graphql': '# same name, other case\nquery getMe { me { name } }\n',
    });
    const error = await failure(dir);
    expect(error.code).toBe('DUPLICATE_METHOD');
    expect(error.message).toContain(
      'src/b.graphql:2:7: error: operation "getMe" maps to the SDK method getMe(), as "GetMe" at src/a.graphql:1:7 does; rename one of them [DUPLICATE_METHOD]',
    );
  });

  it('two operations with one name reach generate() as DUPLICATE_OPERATION, as admin-api codegen reports them', async () => {
    const dir = cachedProject({
      'src/a.graphql': 'query GetMe { me { id } }\n',
      'src/b.graphql': 'query GetMe { me { name } }\n',
    });
    const error = await failure(dir);
    expect(error.code).toBe('DUPLICATE_OPERATION');
    expect(error.message).toContain(
      'src/b.graphql:1:7: error: operation "GetMe" is also defined at src/a.graphql:1:7; operation names must be unique across all documents [DUPLICATE_OPERATION]',
    );
  });

  it('an unknown field reaches generate() as DOCUMENT_ERROR', async () => {
    const dir = cachedProject({
      'src/me.graphql': 'query GetMe {\n  me {\n    id\n    shoeSize\n  }\n}\n',
    });
    const error = await failure(dir);
    expect(error.code).toBe('DOCUMENT_ERROR');
    expect(error.message).toContain(
      'src/me.graphql:4:5: error: Cannot query field "shoeSize" on type "MeResponse". [DOCUMENT_ERROR]',
    );
  });

  it('an argument of the wrong type reaches generate() as DOCUMENT_ERROR', async () => {
    const dir = cachedProject({
      'src/products.graphql':
        'query Products {\n  listProduct(pagination: { limit: "ten" }) { count }\n}\n',
    });
    const error = await failure(dir);
    expect(error.code).toBe('DOCUMENT_ERROR');
    expect(error.message).toContain(
      'src/products.graphql:2:36: error: Int cannot represent non-integer value: "ten" [DOCUMENT_ERROR]',
    );
  });

  it('with validation skipped, a field the schema lacks still stops the generator with DOCUMENT_ERROR and its line', async () => {
    const dir = cachedProject({ 'src/me.graphql': 'query GetMe { me { shoeSize } }\n' });
    const error = await inDirectory(dir, () =>
      codegenFailure(
        runCodegen(dir, {
          credentials: noCredentials,
          config: { skipDocumentsValidation: { skipValidationAgainstSchema: true } },
        }),
      ),
    );
    expect(error).toBeInstanceOf(CodegenError);
    expect((error as CodegenError).code).toBe('DOCUMENT_ERROR');
    expect(error.message).toContain(
      'src/me.graphql:1:20  Cannot query field "shoeSize" on type "MeResponse".',
    );
  });
});

describe('a schema that cannot be loaded stops codegen with its own error', () => {
  it('missing credentials and no cache reach generate() as MISSING_ENV naming the variables', async () => {
    const dir = project({ 'src/me.graphql': 'query GetMe { me { id } }\n' });
    const error = await failure(dir);
    expect(error.code).toBe('MISSING_ENV');
    expect(error.missing).toEqual([
      'ADMIN_API_BASE_URL',
      'ADMIN_API_AUTH_URL',
      'ADMIN_API_CLIENT_ID',
      'ADMIN_API_CLIENT_SECRET',
    ]);
  });

  it('an empty cache reaches generate() as INVALID_CACHE', async () => {
    const dir = project({
      'src/me.graphql': 'query GetMe { me { id } }\n',
      'admin-api.schema.graphql': '',
    });
    expect((await failure(dir)).code).toBe('INVALID_CACHE');
  });
});

describe("graphql-codegen's own reports", () => {
  it('carry the code at the start of the message where graphql-codegen re-wraps the error', async () => {
    const dir = cachedProject({ 'src/me.graphql': 'query { me { id } }\n' });
    const error = await rejection(
      generate(
        {
          cwd: dir,
          silent: true,
          schema: join(dir, 'admin-api.schema.graphql'),
          documents: join(dir, 'src/**/*.graphql'),
          generates: { [join(dir, 'out.ts')]: { plugins: ['admin-api-sdk'] } },
          pluginLoader: async () => ({ plugin, validate }),
        },
        false,
      ),
    );
    expect(error).not.toBeInstanceOf(CodegenError);
    expect(error.message).toContain('[ANONYMOUS_OPERATION] ');
  });

  it('in the CLI start each failure of ours with its code, to grep for', async () => {
    const invalid = cachedProject({ 'src/me.graphql': 'query GetMe { me { shoeSize } }\n' });
    const noSchema = project({ 'src/me.graphql': 'query GetMe { me { id } }\n' });
    const [document, schema] = await Promise.all([
      runGraphqlCodegenCli(invalid),
      runGraphqlCodegenCli(noSchema),
    ]);
    expect(document.code).toBe(1);
    expect(document.output).toContain('[FAILED: [DOCUMENT_ERROR] ');
    expect(schema.code).toBe(1);
    expect(schema.output).toContain('[FAILED: [MISSING_ENV] ');
  });
});

describe("the plugin's validate", () => {
  const tiny = buildSchema(TINY_SDL);
  async function validationError(files: Record<string, string>): Promise<CodegenError> {
    const documents = Object.entries(files).map(([location, body]) => ({
      location,
      document: parse(body),
    }));
    const error = await rejection(validate(tiny, documents));
    expect(error).toBeInstanceOf(CodegenError);
    return error as CodegenError;
  }

  it('codes an anonymous operation ANONYMOUS_OPERATION', async () => {
    expect((await validationError({ 'a.graphql': '{ me { id } }' })).code).toBe(
      'ANONYMOUS_OPERATION',
    );
  });

  it('codes a method-name collision DUPLICATE_METHOD', async () => {
    const error = await validationError({
      'a.graphql': 'query get_me { me { id } }',
      'b.graphql': 'query GetMe { me { id } }',
    });
    expect(error.code).toBe('DUPLICATE_METHOD');
  });

  it('reports every problem at once', async () => {
    const error = await validationError({
      'a.graphql': '{ me { id } }\nquery _ { listProduct { count } }',
      'b.graphql': 'query GetMe { me { id } }\nquery getMe { me { id } }',
    });
    expect(error.message.split('\n').filter((line) => line.startsWith('  '))).toHaveLength(3);
  });

  it('accepts distinct named operations and fragments, and a fragment defined alike in two files', async () => {
    await expect(
      validate(tiny, [
        {
          location: 'a.graphql',
          document: parse('query A { me { id } } fragment F on Product { id }'),
        },
        { location: 'b.graphql', document: parse('fragment F on Product {\n  id\n}') },
      ]),
    ).resolves.toBeUndefined();
  });
});
