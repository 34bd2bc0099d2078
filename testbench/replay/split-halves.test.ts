import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { halfOf, splitHalves } from './split-halves.ts';

describe('splitHalves', () => {
  const ids = Array.from({ length: 200 }, (_, index) => `sgd-${index}_00000`);

  it('puts every item in exactly one half, in input order, and both halves get a fair share', () => {
    const halves = splitHalves(ids, (id) => id);
    assert.equal(halves.tuning.length + halves['held-out'].length, ids.length);
    assert.deepEqual([...halves.tuning, ...halves['held-out']].sort(), [...ids].sort());
    assert.deepEqual(halves.tuning, ids.filter((id) => halves.tuning.includes(id)), 'input order kept');
    assert.ok(halves.tuning.length > 70 && halves.tuning.length < 130, `tuning ${halves.tuning.length} of 200`);
  });

  it('is deterministic: the same key lands in the same half whatever else is split with it', () => {
    const alone = splitHalves(ids.slice(0, 7), (id) => id);
    const all = splitHalves([...ids].reverse(), (id) => id);
    for (const id of ids.slice(0, 7)) {
      assert.equal(alone.tuning.includes(id), all.tuning.includes(id), id);
      assert.equal(halfOf(id), halfOf(id));
    }
  });

  it('pins the halves of the fixtures’ keys (a change here would move conversations between halves)', () => {
    assert.deepEqual(
      ['conv-26', 'conv-30', 'conv-41', 'conv-42', 'task-0', 'task-1', 'sgd-44_00000'].map(halfOf),
      ['tuning', 'held-out', 'held-out', 'tuning', 'held-out', 'tuning', 'held-out'],
    );
  });

  it('splits by the given key, so items sharing a key (trials of one task) stay together', () => {
    const trials = [{ task: 3, trial: 0 }, { task: 3, trial: 1 }, { task: 8, trial: 0 }, { task: 8, trial: 1 }];
    const halves = splitHalves(trials, (one) => `task-${one.task}`);
    for (const half of [halves.tuning, halves['held-out']]) {
      for (const one of half) assert.ok(half.some((other) => other.task === one.task && other.trial !== one.trial));
    }
  });
});
