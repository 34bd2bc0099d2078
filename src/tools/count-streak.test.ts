import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countStreak } from './count-streak.ts';

describe('countStreak', () => {
  const today = '2026-03-04'; // a Wednesday
  const cases: { name: string; days: string[]; frequency: 'daily' | 'weekly'; streak: number }[] = [
    { name: 'is 0 with no days', days: [], frequency: 'daily', streak: 0 },
    {
      name: 'counts consecutive days ending today',
      days: ['2026-03-02', '2026-03-03', '2026-03-04'],
      frequency: 'daily',
      streak: 3,
    },
    {
      name: 'keeps a streak alive until today ends',
      days: ['2026-03-02', '2026-03-03'],
      frequency: 'daily',
      streak: 2,
    },
    {
      name: 'stops at a gap',
      days: ['2026-02-27', '2026-03-01', '2026-03-03', '2026-03-04'],
      frequency: 'daily',
      streak: 2,
    },
    { name: 'is 0 when the last day is two days ago', days: ['2026-03-02'], frequency: 'daily', streak: 0 },
    {
      name: 'ignores duplicates and future days',
      days: ['2026-03-04', '2026-03-04', '2026-03-05', '2026-03-03'],
      frequency: 'daily',
      streak: 2,
    },
    {
      name: 'crosses month ends',
      days: ['2026-02-28', '2026-03-01', '2026-03-02', '2026-03-03'],
      frequency: 'daily',
      streak: 4,
    },
    {
      name: 'counts Monday-based weeks',
      days: ['2026-03-02', '2026-02-28', '2026-02-16'],
      frequency: 'weekly',
      streak: 3,
    },
    {
      name: 'keeps a weekly streak alive through the current week',
      days: ['2026-02-23', '2026-02-17'],
      frequency: 'weekly',
      streak: 2,
    },
    {
      name: 'breaks a weekly streak on a missed week',
      days: ['2026-03-03', '2026-02-15'],
      frequency: 'weekly',
      streak: 1,
    },
  ];
  for (const { name, days, frequency, streak } of cases) {
    it(name, () => assert.equal(countStreak({ days, frequency, today }), streak));
  }
});
