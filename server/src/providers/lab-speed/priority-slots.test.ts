import { describe, expect, it } from 'vitest';
import type { RunPriority } from './port';
import { PrioritySlots } from './priority-slots';

describe('PrioritySlots', () => {
  it('serves waiting interactive runs before background ones, each in arrival order', async () => {
    const slots = new PrioritySlots(1);
    const order: string[] = [];
    const hold = async (name: string, priority: RunPriority) => {
      await slots.acquire(priority);
      order.push(name);
    };
    await hold('first', 'background');
    const waiting = [
      hold('scheduled 1', 'background'),
      hold('scheduled 2', 'background'),
      hold('person 1', 'interactive'),
      hold('person 2', 'interactive'),
    ];
    expect(slots.queued).toEqual({ interactive: 2, background: 2 });
    for (let i = 0; i < 4; i++) {
      slots.release();
      await Promise.resolve();
    }
    await Promise.all(waiting);
    expect(order).toEqual(['first', 'person 1', 'person 2', 'scheduled 1', 'scheduled 2']);
  });

  it('holds at most `size` at once and hands a freed slot straight to a waiter', async () => {
    const slots = new PrioritySlots(2);
    await slots.acquire('interactive');
    await slots.acquire('background');
    let third = false;
    const waiting = slots.acquire('interactive').then(() => (third = true));
    await Promise.resolve();
    expect(third).toBe(false);
    slots.release();
    await waiting;
    expect(third).toBe(true);
    // The slot went to the waiter: a newcomer still waits.
    let fourth = false;
    void slots.acquire('interactive').then(() => (fourth = true));
    await Promise.resolve();
    expect(fourth).toBe(false);
  });
});
