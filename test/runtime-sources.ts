import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const source = (pkg: string, entry = 'index') => join(repo, 'packages', pkg, 'src', `${entry}.ts`);

/** esbuild's `alias` that bundles the runtime (auth and client) from its sources. */
export const RUNTIME_SOURCE_ALIASES: Readonly<Record<string, string>> = {
  '@admin-api/auth/internal': source('auth', 'internal'),
  '@admin-api/auth': source('auth'),
  '@admin-api/client': source('client'),
};
