import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pairSchemas, renameDialogue, type SchemaService, type SgdDialogue } from './rename-to-sgdx.ts';

// Banks_1 of the SGD train schema and its SGD-X v5 rewording (Banks_15), slots and intents in the schemas' order.
const source: SchemaService[] = [{
  service_name: 'Banks_1',
  slots: [{ name: 'account_type' }, { name: 'recipient_account_type' }, { name: 'balance' }, { name: 'amount' }, {
    name: 'recipient_account_name',
  }],
  intents: [{ name: 'CheckBalance' }, { name: 'TransferMoney' }],
}];
const variant: SchemaService[] = [{
  service_name: 'Banks_15',
  slots: [{ name: 'type_of_account' }, { name: 'recipient_account_type' }, { name: 'account_balance' }, {
    name: 'amount_to_transfer',
  }, { name: 'transfer_recipient' }],
  intents: [{ name: 'ProvideBankAccountBalance' }, { name: 'TransferMoneyBetweenAccounts' }],
}];

const dialogue: SgdDialogue = {
  dialogue_id: '1_00042',
  services: ['Banks_1'],
  turns: [
    { speaker: 'USER', utterance: 'How much is in my savings account?', frames: [{ service: 'Banks_1' }] },
    {
      speaker: 'SYSTEM',
      utterance: 'Your savings account holds $4,200.',
      frames: [{
        service: 'Banks_1',
        service_call: { method: 'CheckBalance', parameters: { account_type: 'savings' } },
        service_results: [{ account_type: 'savings', balance: '4200.00' }],
      }],
    },
  ],
};

describe('renameDialogue', () => {
  it('renames the service, the called intent, its parameters and its results, and keeps the words', () => {
    const renamed = renameDialogue(dialogue, pairSchemas(source, variant));
    assert.deepEqual(renamed.services, ['Banks_15']);
    assert.equal(renamed.turns[0]!.utterance, 'How much is in my savings account?');
    const frame = renamed.turns[1]!.frames[0]!;
    assert.equal(frame.service, 'Banks_15');
    assert.deepEqual(frame.service_call, {
      method: 'ProvideBankAccountBalance',
      parameters: { type_of_account: 'savings' },
    });
    assert.deepEqual(frame.service_results, [{ type_of_account: 'savings', account_balance: '4200.00' }]);
  });

  it('leaves the source dialogue as it was', () => {
    renameDialogue(dialogue, pairSchemas(source, variant));
    assert.equal(dialogue.turns[1]!.frames[0]!.service_call?.method, 'CheckBalance');
  });

  it('names a service the schemas do not hold', () => {
    const stray: SgdDialogue = { ...dialogue, services: ['Hotels_9'] };
    assert.throws(() => renameDialogue(stray, pairSchemas(source, variant)), /service Hotels_9 is not in the schema/);
  });
});

describe('pairSchemas', () => {
  it('refuses schemas that are not aligned', () => {
    const short = [{ ...variant[0]!, intents: variant[0]!.intents.slice(0, 1) }];
    assert.throws(() => pairSchemas(source, short), /1 intents in Banks_1, not 2/);
    assert.throws(() => pairSchemas(source, []), /0 services, not 1/);
  });
});
