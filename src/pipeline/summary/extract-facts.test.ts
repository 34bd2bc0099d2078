import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { extractFacts } from './extract-facts.ts';

const pairs = (text: string, speaker?: string) => extractFacts(text, speaker).map((fact) => [fact.kind, fact.text]);

describe('extractFacts', () => {
  const cases: readonly { name: string; text: string; speaker?: string; expected: [string, string][] }[] = [
    {
      name: 'finds booking codes, user ids, flight numbers and ISO dates',
      text: 'Reservation ZFA04Y for mia_li_3668 is on HAT001, leaving 2024-05-20.',
      expected: [['identifier', 'ZFA04Y'], ['identifier', 'mia_li_3668'], ['identifier', 'HAT001'], [
        'date',
        '2024-05-20',
      ]],
    },
    {
      name: 'reads written dates in both orders, with and without a year, and months with a year',
      text: 'We met on 8 May, 2023 and again May 20th. Since January 2022 it changed; see 12/03/2021.',
      expected: [['date', '8 May, 2023'], ['date', 'May 20th'], ['date', 'January 2022'], ['date', '12/03/2021']],
    },
    {
      name: 'keeps a bare year only after a preposition',
      text: 'Back in 2019 I had 2019 reasons.',
      expected: [['date', '2019']],
    },
    {
      name: 'reads a short number as an identifier when the words around it name one, and not otherwise',
      text: 'Charge the Visa card ending in 7447, or my 9725 card; PIN 0042. I walked 3000 steps in 45 minutes.',
      expected: [['name', 'Visa'], ['identifier', '7447'], ['identifier', '9725'], ['identifier', '0042']],
    },
    {
      name: 'finds amounts with currency, words and percent',
      text: 'It cost $1,230.50 plus 40 euros, a 15% discount.',
      expected: [['amount', '$1,230.50'], ['amount', '40 euros'], ['amount', '15%']],
    },
    {
      name: 'finds emails, URLs, hash ids and phone numbers',
      text: 'Mail mia.li@example.com, see https://example.com/a?b=1, order #W8732, call +1 (415) 555-0199.',
      expected: [
        ['identifier', 'mia.li@example.com'],
        ['identifier', 'https://example.com/a?b=1'],
        ['identifier', '#W8732'],
        ['identifier', '+1 (415) 555-0199'],
      ],
    },
    {
      name: 'does not take ordinals, times or measures for identifiers',
      text: 'the 2nd run took 10am to 5pm over 20km with 3x speed',
      expected: [],
    },
    {
      name: 'finds names inside sentences but not sentence openers or small words',
      text: 'Thanks! I went with Melanie to Door Dash and then to New York City. Great day.',
      expected: [['name', 'Melanie'], ['name', 'Door Dash'], ['name', 'New York City']],
    },
    {
      name: 'keeps commitments and preferences as short clauses with the speaker',
      text:
        "I'll call the bank on Monday to sort it out. I really prefer aisle seats near the front of the plane always.",
      speaker: 'user',
      expected: [
        ['commitment', "user: I'll call the bank on Monday to sort it out"],
        ['preference', 'user: I really prefer aisle seats near the front of the plane always'],
      ],
    },
    {
      name: 'lists a repeated fact once',
      text: 'HAT001 then HAT001 again; hat001 too.',
      expected: [['identifier', 'HAT001']],
    },
  ];
  for (const c of cases) it(c.name, () => assert.deepEqual(pairs(c.text, c.speaker), c.expected));

  it('folds keys so two spellings of one date meet', () => {
    const [a] = extractFacts('on 8 May, 2023');
    const [b] = extractFacts('on 8 May 2023');
    assert.equal(a?.key, b?.key);
  });

  it('never throws and finds nothing odd in words that name object properties, emoji or right-to-left text', () => {
    const hostile = [
      'constructor __proto__ toString hasOwnProperty valueOf',
      'Constructor and Prototype went to Object Land 🎉🎉',
      'שלום, ההזמנה שלי היא ZFA04Y בתאריך 2024-05-20 ‏🙂',
      'مرحبا، رقم الطلب #W8732 وسعره $230',
      '\u0000\uffff\ud800 broken surrogate',
      '',
    ];
    const found = hostile.map((text) => pairs(text));
    assert.deepEqual(found, [
      [],
      [['name', 'Prototype'], ['name', 'Object Land']],
      [['identifier', 'ZFA04Y'], ['date', '2024-05-20']],
      [['identifier', '#W8732'], ['amount', '$230']],
      [],
      [],
    ]);
  });

  it('reads only the start of a huge text', () => {
    assert.deepEqual(pairs(`HAT001 ${'x'.repeat(200_000)} ZZZ999`), [['identifier', 'HAT001']]);
  });
});
