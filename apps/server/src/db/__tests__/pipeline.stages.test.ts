import { describe, expect, it } from 'vitest';
import { stagesOf } from '../pipeline.ts';

const part = (name: string, behind = false) => ({ name, text: `select 1 as ${name}`, values: [], behind });

describe('the last round trip of a pipelined transaction', () => {
  it('is one bundle without a wait', () => {
    const stages = stagesOf([part('a'), part('b', true)], ['a'], { a: 1, b: 2 }, undefined);
    expect(stages).toHaveLength(1);
    expect(stages[0]).toMatchObject({ idParts: ['a'], expect: { a: 1, b: 2 } });
  });

  it('runs the parts that insert new rows before the wait and those that change existing rows after it', () => {
    const wait = { name: 'w', text: 'select 1', values: [] };
    const stages = stagesOf(
      [part('new_orders'), part('orders', true), part('transfers'), part('balances', true), part('event')],
      ['event'],
      { new_orders: 2, orders: 1, transfers: 4, balances: 3, event: 1 },
      wait,
    );
    expect(stages.map((s) => ('parts' in s ? s.parts.map((p) => p.name) : 'wait'))).toEqual([
      ['new_orders', 'transfers', 'event'],
      'wait',
      ['orders', 'balances'],
    ]);
    expect(stages[0]).toMatchObject({ idParts: ['event'], expect: { new_orders: 2, transfers: 4, event: 1 } });
    expect(stages[2]).toMatchObject({ idParts: [], expect: { orders: 1, balances: 3 } });
  });

  it('is the wait alone when there is nothing else to write', () => {
    const wait = { name: 'w', text: 'select 1', values: [] };
    expect(stagesOf([], [], {}, wait)).toEqual([wait]);
  });
});
