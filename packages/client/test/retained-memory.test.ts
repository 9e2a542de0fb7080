import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('./retained-memory-child.ts', import.meta.url));
const CALLS = 10_000;
/**
 * Retained growth allowed over the measured calls: once the event loop has settled, what GC
 * leaves behind grows by about 0.2 MiB. Keeping one abort callback per call retains about 8 MiB
 * over these calls, and any object of over 100 bytes per call about 1 MiB.
 */
const MAX_GROWTH_BYTES = 1024 * 1024;

async function retainedGrowth(): Promise<number> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--expose-gc', CHILD, String(CALLS)],
    { maxBuffer: 1 << 20 },
  );
  const { before, after } = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as {
    before: number;
    after: number;
  };
  return after - before;
}

describe('retained memory', () => {
  it('10,000 paced calls sharing one long-lived signal leave the heap after GC within 1 MiB of where it was', async () => {
    expect(await retainedGrowth()).toBeLessThan(MAX_GROWTH_BYTES);
  }, 600_000); // Ample headroom for a busy machine: the test asserts bytes, never durations.
});
