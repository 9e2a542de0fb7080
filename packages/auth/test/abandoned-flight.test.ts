import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('./abandoned-flight-child.ts', import.meta.url));

describe('callers that abort while the token host is down', () => {
  it('leave no unhandled rejection behind, and a pre-aborted caller sends no token request', async () => {
    // Node ends a process on an unhandled rejection: the child counts them instead, and prints
    // the counts when its event loop has nothing left, so any orphaned request has settled.
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CHILD]);
    const result: unknown = JSON.parse(stdout.trim().split('\n').pop() ?? '{}');
    expect(result).toEqual({
      outcomes: ['ABORTED', 'ABORTED', 'ABORTED', 'ABORTED', 'HTTP_ERROR'],
      // The aborted-while-sending caller's request, then the waiting caller's.
      tokenRequests: 2,
      unhandledRejections: 0,
    });
  });
});
