import { createMemorySessionStore } from '../src/memory-session-store.js';
import { describeSessionStore } from './support/session-store-suite.js';

// One store object stands for the shared state; each "process" is a handle on it.
describeSessionStore(
  'createMemorySessionStore',
  async () => {
    const shared = createMemorySessionStore();
    return { connect: async () => ({ store: shared, close: async () => {} }) };
  },
  { restsOutsideProcess: false },
);
