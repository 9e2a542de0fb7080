import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hiddenDefaults } from './hidden-defaults.js';
import { printSdl } from './print-sdl.js';
import { readTypings } from './read-typings.js';
import { sdlHeader } from './sdl-header.js';
import { vendor, vendorPath, vendorVersion } from './vendor-package.js';

/** The committed SDL: `packages/emulator/schema/admin-api.graphql`. */
export const ADMIN_SCHEMA_FILE = fileURLToPath(
  new URL('../../schema/admin-api.graphql', import.meta.url),
);

/**
 * Reads the vendor's Admin API typings and returns the schema as SDL with its header. Pure
 * function of the installed vendor package: the same version always gives the same bytes.
 */
export function importAdminSchema(): string {
  // Named by its package path, not the absolute one, so that messages match on every machine.
  const file = `${vendor.name}/${vendor.typings}`;
  const model = readTypings(file, readFileSync(vendorPath(vendor.typings), 'utf8'));
  const defaults = hiddenDefaults(model);
  const header = sdlHeader(
    { packageName: vendor.name, version: vendorVersion(), file: vendor.typings },
    defaults,
  );
  return `${header}\n${printSdl(model, defaults)}\n`;
}
