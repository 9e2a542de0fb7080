import { startPostgresServer } from '../../../test/support/postgres-server-process.js';
import { describeSessionStore } from '../../app/test/support/session-store-suite.js';
import { createPostgresSessionStore } from '../src/index.js';
import { dumpTables, testPool } from './postgres-fixture.js';

// Each "process" is a store with its own pool on one real server.
describeSessionStore(
  'createPostgresSessionStore',
  async () => {
    const server = await startPostgresServer();
    const inspector = testPool(server.connectionString);
    return {
      async connect() {
        const store = createPostgresSessionStore({ connectionString: server.connectionString });
        return { store, close: store.close };
      },
      dumpAtRest: () => dumpTables(inspector),
      async close() {
        await inspector.end();
        await server.close();
      },
    };
  },
  { restsOutsideProcess: true },
);
