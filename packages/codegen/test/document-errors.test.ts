import { useEmulator } from '@admin-api/emulator/testing';
import { parse } from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CodegenError } from '../src/index.js';
import { validateDocuments } from '../src/sdk-plugin/validate-documents.js';
import { emulatorCredentials, rejection, runCodegen, useProject } from './codegen-harness.js';

const emulator = useEmulator({ afterAll, beforeAll, beforeEach }, { rateLimit: false });
const project = useProject();

async function failure(files: Record<string, string>): Promise<{ error: Error; dir: string }> {
  const dir = project(files);
  const error = await rejection(runCodegen(dir, { credentials: emulatorCredentials(emulator()) }));
  return { error, dir };
}

/** graphql-codegen wraps plugin errors; the user sees the whole chain. */
function fullText(error: Error): string {
  const parts: string[] = [];
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    parts.push(
      e.message,
      ...((e as { errors?: Error[] }).errors ?? []).map(
        (inner) => `${inner.message} ${fullText(inner)}`,
      ),
    );
  }
  return parts.join('\n');
}

function validationError(files: Record<string, string>): CodegenError {
  const documents = Object.entries(files).map(([location, body]) => ({
    location,
    document: parse(body),
  }));
  try {
    validateDocuments(documents);
  } catch (error) {
    expect(error).toBeInstanceOf(CodegenError);
    return error as CodegenError;
  }
  throw new Error('expected validateDocuments to throw');
}

describe('documents that cannot become an SDK stop codegen with the file and line', () => {
  it('an anonymous operation', async () => {
    const { error, dir } = await failure({ 'src/me.graphql': '\n\nquery {\n  me { id }\n}\n' });
    expect(fullText(error)).toContain(`${dir}/src/me.graphql:3:1: anonymous query`);
  });

  it('two operations that map to one method name', async () => {
    const { error, dir } = await failure({
      'src/a.graphql': 'query GetMe { me { id } }\n',
      'src/b.graphql': '# same name, other case\nquery getMe { me { name } }\n',
    });
    expect(fullText(error)).toContain(
      `${dir}/src/b.graphql:2:1: operation "getMe" maps to the SDK method "getMe()", as "GetMe" at ${dir}/src/a.graphql:1:1 does`,
    );
  });

  it('an unknown field', async () => {
    const { error, dir } = await failure({
      'src/me.graphql': 'query GetMe {\n  me {\n    id\n    shoeSize\n  }\n}\n',
    });
    const text = fullText(error);
    expect(text).toContain('Cannot query field "shoeSize" on type "MeResponse"');
    expect(text).toContain(`${dir}/src/me.graphql:4:5`);
  });

  it('an argument of the wrong type', async () => {
    const { error, dir } = await failure({
      'src/products.graphql':
        'query Products {\n  listProduct(pagination: { limit: "ten" }) { count }\n}\n',
    });
    const text = fullText(error);
    expect(text).toContain('Int cannot represent non-integer value: "ten"');
    expect(text).toContain(`${dir}/src/products.graphql:2:36`);
  });
});

describe('validateDocuments', () => {
  it('codes an anonymous operation ANONYMOUS_OPERATION', () => {
    expect(validationError({ 'a.graphql': '{ me { id } }' }).code).toBe('ANONYMOUS_OPERATION');
  });

  it('codes a method-name collision DUPLICATE_METHOD', () => {
    const error = validationError({
      'a.graphql': 'query get_me { me { id } }',
      'b.graphql': 'query GetMe { me { id } }',
    });
    expect(error.code).toBe('DUPLICATE_METHOD');
  });

  it('reports every problem at once', () => {
    const error = validationError({
      'a.graphql': '{ me { id } }\nmutation { deleteProductList(idList: []) }',
      'b.graphql': 'query GetMe { me { id } }\nquery getMe { me { id } }',
    });
    expect(error.message.split('\n').filter((line) => line.startsWith('  '))).toHaveLength(3);
  });

  it('accepts distinct named operations and fragments', () => {
    expect(() =>
      validateDocuments([
        {
          location: 'a.graphql',
          document: parse('query A { me { id } } fragment F on Product { id }'),
        },
      ]),
    ).not.toThrow();
  });
});
