// One contender in a fresh process (with --expose-gc), so one's heap does not hold another's:
// `alloc` samples every allocation over sequential calls, `heap` records the heap retained after
// a full GC at checkpoints. Prints one JSON line.
import { Session } from 'node:inspector/promises';
import { type Contender, makeContender } from './client-contenders.js';

const [mode, name, baseUrl, checkpointList] = process.argv.slice(2) as [
  'alloc' | 'heap',
  Contender,
  string,
  string,
];
const call = makeContender(name, baseUrl);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

async function allocatedBytesPerCall(calls: number): Promise<number> {
  for (let i = 0; i < 500; i++) await call();
  const session = new Session();
  session.connect();
  // Sampled, including objects already collected: what each call allocates, not what it keeps.
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 256,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  for (let i = 0; i < calls; i++) await call();
  const { profile } = await session.post('HeapProfiler.stopSampling');
  session.disconnect();
  let total = 0;
  const stack = [profile.head];
  for (let node = stack.pop(); node; node = stack.pop()) {
    total += node.selfSize;
    stack.push(...node.children);
  }
  return total / calls;
}

async function retainedHeap(checkpoints: number[]): Promise<number[]> {
  const heap: number[] = [];
  let done = 0;
  for (const checkpoint of checkpoints) {
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (done < checkpoint) {
          done++;
          await call();
        }
      }),
    );
    // The event loop turns before each GC, so the last calls' sockets and responses are let go:
    // collected straight away, they swing the figure by a few MiB.
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      gc?.();
    }
    heap.push(process.memoryUsage().heapUsed);
  }
  return heap;
}

const result =
  mode === 'alloc'
    ? { bytesPerCall: await allocatedBytesPerCall(Number(checkpointList)) }
    : { heap: await retainedHeap(checkpointList.split(',').map(Number)) };
console.log(JSON.stringify(result));
