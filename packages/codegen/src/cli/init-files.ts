/** What `admin-api init` puts in a project's `package.json` scripts. */
export const CODEGEN_SCRIPT = 'admin-api codegen';

/**
 * The files `admin-api init` writes, by project path. The editors' config is YAML, not
 * `graphql.config.ts`: every GraphQL extension (VS Code's and JetBrains') reads YAML without
 * running code or resolving TypeScript, and it points at the committed schema cache, so an editor
 * never needs credentials or a network.
 */
export const INIT_FILES: Readonly<Record<string, string>> = {
  'codegen.ts': `import { defineConfig } from '@admin-api/codegen';

// Your codegen script introspects the Admin API with the ADMIN_API_* credentials (environment or
// .env), caches the schema in admin-api.schema.graphql (commit it: editors and CI then need no
// secrets), and writes typed getSdk() functions for the operations in your .graphql and .ts files.
export default defineConfig({
  documents: ['src/**/*.graphql', 'src/**/*.{ts,tsx}'],
  output: 'src/generated/admin-api.ts',
});
`,
  '.graphqlrc.yml': `# For the GraphQL extensions of VS Code and JetBrains IDEs: autocomplete and validation of your
# operations against the Admin API schema that your codegen script caches (commit the cache; to
# refresh it, run your codegen script with ADMIN_API_SCHEMA_REFRESH=1 set).
schema: admin-api.schema.graphql
documents:
  - src/**/*.graphql
  - src/**/*.{ts,tsx}
`,
  '.env.example': `# Copy to .env (never commit it) and fill in your private app's credentials.
# Token host of your store, e.g. https://<store>.myikas.com
ADMIN_API_AUTH_URL=
# Admin GraphQL host, e.g. https://api.myikas.com
ADMIN_API_BASE_URL=
ADMIN_API_CLIENT_ID=
# Confidential: keep it in the environment or a secret manager, never in code.
ADMIN_API_CLIENT_SECRET=
`,
  'src/me.graphql': `# The app the credentials belong to, and what it may do.
query GetMe {
  me {
    id
    name
    scopes
  }
}
`,
};
