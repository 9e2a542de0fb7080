import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { plugin } from '@admin-api/codegen';
import { buildSchema, parse } from 'graphql';

const EXAMPLE = fileURLToPath(new URL('../examples/basic/', import.meta.url));

/**
 * The module `admin-api codegen` writes for the basic example's documents and committed schema,
 * for tests and benchmarks that bundle a typed `getSdk` (the example's own is not committed).
 */
export function basicExampleModule(): Promise<string> {
  const schema = buildSchema(readFileSync(join(EXAMPLE, 'admin-api.schema.graphql'), 'utf8'));
  const folder = join(EXAMPLE, 'src', 'graphql');
  const documents = readdirSync(folder)
    .filter((file) => file.endsWith('.graphql'))
    .sort()
    .map((file) => ({
      location: join(folder, file),
      document: parse(readFileSync(join(folder, file), 'utf8')),
    }));
  return plugin(schema, documents, {});
}
