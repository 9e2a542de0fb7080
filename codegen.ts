// `pnpm codegen`: generates the examples' SDKs from their .graphql files. With ADMIN_API_*
// credentials set (environment or .env) it introspects that store; with none, the embedded
// emulator, so the whole flow runs on a fresh machine.
import { credentialsFromEnvironment, defineConfig } from '@admin-api/codegen';
import { startEmulator } from '@admin-api/emulator';

export default defineConfig({
  documents: 'examples/basic/src/graphql/**/*.graphql',
  output: 'examples/basic/src/generated/admin-api.ts',
  // The examples follow whichever service they run against, so there is no cache to commit here.
  schemaCache: false,
  credentials: async () => {
    if (credentialsFromEnvironment().credentials) return undefined;
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
