import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSchema, type GraphQLSchema } from 'graphql';

/**
 * Absolute path of the Admin API schema the emulator serves: `schema/admin-api.graphql`, imported
 * from the vendor's typings (its header names the vendor package and version). Also exported as
 * `@admin-api/emulator/schema/admin-api.graphql`.
 */
export const ADMIN_API_SCHEMA_PATH = fileURLToPath(
  new URL('../schema/admin-api.graphql', import.meta.url),
);

let sdl: string | undefined;
let schema: GraphQLSchema | undefined;

/** The Admin API schema as SDL, header comment included: exactly what the emulator serves. */
export function adminApiSchemaSdl(): string {
  sdl ??= readFileSync(ADMIN_API_SCHEMA_PATH, 'utf8');
  return sdl;
}

/** Version of the vendor package the schema was imported from, read from the SDL's header. */
export function adminApiSchemaVersion(): string {
  const version = /^# Admin API schema, imported from @ikas\/api-client@(\S+)$/m.exec(
    adminApiSchemaSdl(),
  )?.[1];
  if (!version) throw new Error(`${ADMIN_API_SCHEMA_PATH} has no import header`);
  return version;
}

/** The Admin API schema without resolvers, built once per process (it is never changed). */
export function adminApiSchema(): GraphQLSchema {
  schema ??= buildSchema(adminApiSchemaSdl());
  return schema;
}
