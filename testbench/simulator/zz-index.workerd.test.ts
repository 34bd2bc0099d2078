import { it, expect } from 'vitest';
it('imports index.ts', async () => {
  const index = await import('./index.ts');
  expect(typeof index.createSimulator).toBe('function');
}, 60_000);
