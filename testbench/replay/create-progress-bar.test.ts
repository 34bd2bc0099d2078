import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createProgressBar } from './create-progress-bar.ts';

describe('createProgressBar', () => {
  it('redraws in place, skips steps too small to show, always draws the end, and ends the line once', () => {
    const writes: string[] = [];
    const bar = createProgressBar((text) => writes.push(text), 'x');
    for (let done = 1; done <= 1_000; done += 1) bar.update(done, 1_000);
    bar.finish();
    bar.finish();
    assert.ok(writes.length > 100 && writes.length <= 202, `${writes.length} redraws`);
    assert.ok(writes.slice(0, -1).every((text) => text.startsWith('\rx [')), 'in place');
    assert.equal(writes.at(-2), `\rx [${'#'.repeat(30)}] 100% 1000/1000`);
    assert.equal(writes.at(-1), '\n');
  });
});
