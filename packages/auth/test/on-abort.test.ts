import { getEventListeners } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { onAbort } from '../src/internal.js';

const listeners = (signal: AbortSignal) => getEventListeners(signal, 'abort').length;

describe('onAbort', () => {
  it('serves every wait on a signal with one listener, and removes it when the last unlinks', () => {
    const { signal } = new AbortController();
    const unlinks = Array.from({ length: 20 }, () => onAbort(signal, () => {}));
    expect(listeners(signal)).toBe(1);
    for (const unlink of unlinks.slice(1)) unlink();
    expect(listeners(signal)).toBe(1);
    unlinks[0]?.();
    expect(listeners(signal)).toBe(0);
    onAbort(signal, () => {});
    expect(listeners(signal)).toBe(1);
  });

  it('calls each linked callback once on abort, not the unlinked ones, and at once when already aborted', () => {
    const controller = new AbortController();
    const called: string[] = [];
    onAbort(controller.signal, () => called.push('a'));
    onAbort(controller.signal, () => called.push('b'))();
    onAbort(controller.signal, () => called.push('c'));
    controller.abort();
    controller.abort();
    expect(called).toEqual(['a', 'c']);
    onAbort(controller.signal, () => called.push('late'));
    expect(called).toEqual(['a', 'c', 'late']);
    expect(listeners(controller.signal)).toBe(0);
  });

  it('runs the other callbacks when one throws, and rethrows its error outside the loop', () => {
    const controller = new AbortController();
    const rethrows: (() => void)[] = [];
    const queue = vi
      .spyOn(globalThis, 'queueMicrotask')
      .mockImplementation((task) => rethrows.push(task));
    const called: string[] = [];
    const failure = new Error('cancel failed');
    onAbort(controller.signal, () => called.push('first'));
    onAbort(controller.signal, () => {
      throw failure;
    });
    onAbort(controller.signal, () => called.push('third'));
    try {
      controller.abort();
    } finally {
      queue.mockRestore();
    }
    expect(called).toEqual(['first', 'third']);
    expect(rethrows).toHaveLength(1);
    expect(() => rethrows[0]?.()).toThrow(failure);
  });
});
