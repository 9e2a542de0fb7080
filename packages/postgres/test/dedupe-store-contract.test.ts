import { startPostgresServer } from '../../../test/support/postgres-server-process.js';
import { describeDedupeStore } from '../../app/test/support/dedupe-store-suite.js';
import { createPostgresDedupeStore } from '../src/index.js';

// Each "process" is a store with its own pool on one real server; a namespace is the column.
describeDedupeStore('createPostgresDedupeStore', async () => {
  const server = await startPostgresServer();
  return {
    async connect({ now, namespace }) {
      const store = createPostgresDedupeStore(
        { connectionString: server.connectionString },
        { namespace, now },
      );
      return { store, close: store.close };
    },
    close: () => server.close(),
  };
});
