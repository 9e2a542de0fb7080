// `pnpm --filter @admin-api/emulator schema:import`: rewrites schema/admin-api.graphql from the
// pinned @ikas/api-client typings.
import { writeFileSync } from 'node:fs';
import { ADMIN_SCHEMA_FILE, importAdminSchema } from './schema-import/import-admin-schema.js';

writeFileSync(ADMIN_SCHEMA_FILE, importAdminSchema());
console.log(`Wrote ${ADMIN_SCHEMA_FILE}`);
