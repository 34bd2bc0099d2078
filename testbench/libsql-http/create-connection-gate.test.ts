import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createConnectionGate } from './create-connection-gate.ts';

describe('createConnectionGate', () => {
  it('admits its holder again at once and the others in arrival order', async () => {
    const gate = createConnectionGate();
    const [first, second, third] = [{ name: 1 }, { name: 2 }, { name: 3 }];
    const admitted: number[] = [];
    await gate.enter(first);
    await gate.enter(first);
    const later = [gate.enter(third).then(() => admitted.push(3)), gate.enter(second).then(() => admitted.push(2))];
    gate.leave(second);
    assert.equal(gate.holder(), first, 'leave by a non-holder changes nothing');
    gate.leave(first);
    await later[0];
    gate.leave(third);
    await Promise.all(later);
    gate.leave(second);
    assert.deepEqual([admitted, gate.holder()], [[3, 2], null]);
  });
});
