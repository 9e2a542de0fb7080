import type { WebhookDedupeStore } from '../../src/index.js';

/** What the engine tests of the Redis and PostgreSQL dedupe stores share. */
export const LEASE_MS = 30_000;
export const KEEP_MS = 3_600_000;
/** Far past the 200 ms bound, far below vitest's 120 s: a call left pending fails the test. */
export const STALL_TEST_TIMEOUT_MS = 10_000;

/** Server processes a test stopped; resumed by the test, or after it if it failed first. */
const stopped = new Set<number>();

/** Stops the server's processes (SIGSTOP): they hold their connections and answer nothing. */
export function stop(pids: readonly number[]): void {
  for (const pid of pids) {
    stopped.add(pid);
    process.kill(pid, 'SIGSTOP');
  }
}

/** Resumes every process `stop` stopped; run it after each test too. */
export function resume(): void {
  for (const pid of stopped) process.kill(pid, 'SIGCONT');
  stopped.clear();
}

/** Claims `id` for `LEASE_MS`, which must be free: the claim's token. */
export async function tokenOf(store: WebhookDedupeStore, id: string): Promise<string> {
  const claim = await store.claim(id, LEASE_MS);
  if (claim.outcome !== 'claimed') throw new Error(`${id} was ${claim.outcome}`);
  return claim.token;
}
