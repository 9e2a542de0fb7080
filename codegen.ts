// `pnpm codegen`: generates the basic example's SDK from its .graphql files. With ADMIN_API_*
// credentials set (environment or .env) it introspects that store; with none, the embedded
// emulator, so the whole flow runs on a fresh machine. Some but not all set is a mistake that
// codegen reports, naming the missing ones, rather than quietly using the emulator.
import { credentialsFromEnvironment, defineConfig } from '@admin-api/codegen';
import { startEmulator } from '@admin-api/emulator';

// Every ADMIN_API_* variable, as an empty environment lacks them.
const ALL_VARIABLES = credentialsFromEnvironment({}).missing.length;

export default defineConfig({
  documents: 'examples/basic/src/graphql/**/*.graphql',
  output: 'examples/basic/src/generated/admin-api.ts',
  // No cache here: `pnpm start` shows the whole flow (token, introspection, typed calls) on every
  // run, against whichever service it is given. The examples' committed caches, which editors
  // read, are the emulator's schema (`pnpm schema:examples`); a test fails when they drift from it.
  schemaCache: false,
  credentials: async () => {
    if (credentialsFromEnvironment().missing.length < ALL_VARIABLES) return undefined;
    const emulator = await startEmulator();
    return {
      authUrl: emulator.authUrl,
      baseUrl: emulator.baseUrl,
      clientId: emulator.clientId,
      clientSecret: emulator.clientSecret,
      label: `the embedded emulator at ${emulator.baseUrl} (no ADMIN_API_* credentials set)`,
      close: () => emulator.close(),
    };
  },
});
