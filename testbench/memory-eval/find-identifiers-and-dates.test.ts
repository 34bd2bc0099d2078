import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findIdentifiersAndDates } from './find-identifiers-and-dates.ts';

describe("findIdentifiersAndDates (the eval's reference, independent of the extractor)", () => {
  it('counts codes, long numbers, addresses and written dates', () => {
    assert.deepEqual(
      findIdentifiersAndDates(
        'Reservation ZFA04Y for mia_li_3668 (card ending in 7447) flies HAT001 on 2024-05-20; we met on 8 May, 2023 ' +
          'and again May 20th. Mail mia.li@example.com or see https://example.com/a.',
      ),
      [
        'zfa04y',
        'mia_li_3668',
        '7447',
        'hat001',
        '2024-05-20',
        '8 may 2023',
        'may 20th',
        'mia.li@example.com',
        'https://example.com/a',
      ],
    );
  });

  it('leaves out amounts, times, counts, measures, ordinals and small numbers', () => {
    assert.deepEqual(
      findIdentifiersAndDates(
        'It cost $1,230.50, 15% off, at 10:30 or 9:00am; 1,000 people, 5kg, the 3rd time, 42 cats.',
      ),
      [],
    );
  });

  it('finds nothing in plain words, whatever the script', () => {
    assert.deepEqual(findIdentifiersAndDates('Hey Mel! constructor toString 東京 مرحبا 👋'), []);
  });
});
