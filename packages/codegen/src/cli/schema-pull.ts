import { adminApiCommand, packageManagerCommands } from '../package-manager.js';
import { requireCredentialsFromEnvironment } from '../schema/credentials.js';
import { introspectSchema } from '../schema/introspect.js';
import { inspectSchemaCache, writeSchemaCache } from '../schema/schema-cache.js';
import type { CliIo } from './cli-io.js';
import { projectSettings } from './project-settings.js';

/** `admin-api schema pull`: introspects the live schema and writes the cache. */
export async function schemaPull(
  flags: { config?: string; cache?: string },
  io: CliIo,
): Promise<number> {
  const { cachePath } = await projectSettings(flags);
  const credentials = requireCredentialsFromEnvironment('admin-api schema pull');
  // A cache that cannot be used is what a pull is for: it is replaced, not an error.
  const previous = inspectSchemaCache(cachePath);
  const { sdl, endpoint } = await introspectSchema({
    credentials,
    onProgress: (message) => io.progress(message),
  });
  const written = writeSchemaCache(cachePath, sdl, endpoint);
  const change = !previous
    ? 'written'
    : 'problem' in previous
      ? 'replaced (the old one could not be used)'
      : previous.sha256 === written.sha256
        ? 'unchanged'
        : 'updated';
  io.out(
    `✔ schema cache ${cachePath} ${change} (${sdl.length.toLocaleString('en')} bytes, sha256 ${written.sha256.slice(0, 12)})`,
  );
  if (change === 'updated')
    io.out(
      `  run \`${adminApiCommand('schema check')}\` before a pull to see what changed, and \`${packageManagerCommands().codegen}\` now to regenerate.`,
    );
  return 0;
}
