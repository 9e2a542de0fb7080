import { describe, expect, it } from 'vitest';
import { createRecentHolds } from '../src/recent-holds.js';

describe('recent holds', () => {
  it('keep only the last two windows, however many requests a healthy fleet records unread', () => {
    let now = 0;
    const holds = createRecentHolds(() => now);
    for (let i = 0; i < 10_000; i++) {
      now += 1;
      holds.record(5, 100);
    }
    expect(holds.size).toBe(201);
  });

  it('report the slowest hold released within the last two windows', () => {
    let now = 0;
    const holds = createRecentHolds(() => now);
    expect(holds.slowestMs(100)).toBe(0);
    holds.record(50, 100);
    now = 150;
    holds.record(10, 100);
    expect(holds.slowestMs(100)).toBe(50);
    now = 201;
    expect(holds.slowestMs(100)).toBe(10);
    now = 351;
    expect(holds.slowestMs(100)).toBe(0);
    expect(holds.size).toBe(0);
  });
});
