import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { estimateTextTokens } from '../tokens/index.ts';
import { renderInputCompactly, renderJsonCompactly } from './render-json-compactly.ts';

/** The start of a τ-bench airline get_user_details result, as the tool returned it. */
const USER_DETAILS = JSON.stringify(
  {
    name: { first_name: 'Mia', last_name: 'Li' },
    address: { address1: '975 Sunset Drive', address2: 'Suite 217', city: 'Austin', zip: '78750' },
    email: 'mia.li3818@example.com',
    dob: '1990-04-05',
    payment_methods: {
      credit_card_4421486: { source: 'credit_card', brand: 'visa', last_four: '7447', id: 'credit_card_4421486' },
      certificate_7504069: { source: 'certificate', amount: 250, id: 'certificate_7504069' },
    },
    reservations: ['NO6JO3', 'AIXC49'],
    saved_passengers: [],
    membership: 'gold',
  },
  null,
  2,
);

describe('renderJsonCompactly', () => {
  it('writes a tool result as key: value prose, every key and value kept verbatim', () => {
    assert.equal(
      renderJsonCompactly(USER_DETAILS),
      'name: (first_name: Mia, last_name: Li); ' +
        'address: (address1: 975 Sunset Drive, address2: Suite 217, city: Austin, zip: 78750); ' +
        'email: mia.li3818@example.com; dob: 1990-04-05; ' +
        'payment_methods: (credit_card_4421486: (source: credit_card, brand: visa, last_four: 7447, ' +
        'id: credit_card_4421486), certificate_7504069: (source: certificate, amount: 250, id: certificate_7504069)); ' +
        'reservations: [NO6JO3 | AIXC49]; saved_passengers: none; membership: gold',
    );
  });

  it('costs fewer tokens than the JSON it replaces', () => {
    const compact = renderJsonCompactly(USER_DETAILS) ?? '';
    assert.ok(estimateTextTokens(compact) < 0.8 * estimateTextTokens(USER_DETAILS));
  });

  it('writes a list of results with items split by "|", and null, booleans and numbers as they read', () => {
    const flights =
      '[{"flight_number": "HAT136", "status": "available", "price": 152, "delayed": false, "gate": null}, ' +
      '{"flight_number": "HAT039", "status": "available", "price": 103, "delayed": true, "gate": "B4"}]';
    assert.equal(
      renderJsonCompactly(flights),
      '[(flight_number: HAT136, status: available, price: 152, delayed: false, gate: null) | ' +
        '(flight_number: HAT039, status: available, price: 103, delayed: true, gate: B4)]',
    );
  });

  it('collapses whitespace inside strings so an entry stays on one line', () => {
    assert.equal(
      renderJsonCompactly('{"note": "Window seat\\n  please.\\tThanks"}'),
      'note: Window seat please. Thanks',
    );
  });

  it('quotes a value or key that holds a separator or is empty, so it still reads as one value', () => {
    const address = { address1: '975 Sunset Drive', address2: 'Suite 217, Floor 2', note: '', 'a|b': 'x (y)' };
    assert.equal(
      renderJsonCompactly(JSON.stringify({ address, departs: '10:30' })),
      'address: (address1: 975 Sunset Drive, address2: "Suite 217, Floor 2", note: "", "a|b": "x (y)"); departs: 10:30',
    );
  });

  it('leaves anything but a JSON object or array to the caller', () => {
    for (
      const text of [
        'Reservation ZFA04Y was cancelled.',
        '"just a string"',
        '42',
        '{"unterminated": ',
        'Error: flight HAT999 not found',
        '',
      ]
    ) assert.equal(renderJsonCompactly(text), undefined, text);
  });

  it('keeps keys that are words of Object.prototype as plain text', () => {
    assert.equal(
      renderJsonCompactly('{"constructor": "x", "__proto__": {"toString": 1}, "hasOwnProperty": []}'),
      'constructor: x; __proto__: (toString: 1); hasOwnProperty: none',
    );
  });

  it('shows nesting deeper than it reads as …, and leaves very long texts alone', () => {
    const deep = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
    const rendered = renderJsonCompactly(deep) ?? '';
    assert.match(rendered, /^(\[){12}…(\]){12}$/);
    assert.equal(renderJsonCompactly(`[${'"abc",'.repeat(40_000)}"end"]`), undefined);
  });
});

describe('renderInputCompactly', () => {
  it('writes a call input the same way, "none" when it is empty', () => {
    assert.equal(
      renderInputCompactly({ origin: 'JFK', destination: 'SEA', date: '2024-05-20' }),
      'origin: JFK; destination: SEA; date: 2024-05-20',
    );
    assert.equal(renderInputCompactly({}), 'none');
    assert.equal(renderInputCompactly(undefined), 'none');
    assert.equal(renderInputCompactly(null), 'none');
  });
});
