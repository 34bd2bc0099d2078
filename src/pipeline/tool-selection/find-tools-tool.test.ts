import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FIND_TOOLS_TOOL } from './find-tools-tool.ts';

describe('FIND_TOOLS_TOOL', () => {
  it('has a short fixed description (it rides in every cached prefix)', () => {
    assert.ok(FIND_TOOLS_TOOL.description.length < 120);
    assert.deepEqual(FIND_TOOLS_TOOL.inputSchema['required'], ['query']);
  });
});
