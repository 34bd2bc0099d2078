// The public shape of a finished turn: exactly the documented fields, nothing the service may add later.
import { type BilledUsage, pickBilledUsage } from '../pipeline/cost/index.ts';
import type { TurnResult } from '../turn/chat-service.ts';

export type TurnBody = {
  readonly message: { readonly id: string; readonly role: 'assistant'; readonly text: string };
  readonly usage: BilledUsage;
};

/** Picks the documented fields of a turn result (the JSON answer and the SSE `done` event share it). */
export function presentTurn(result: TurnResult): TurnBody {
  const { message, usage } = result;
  return {
    message: { id: message.id, role: 'assistant', text: message.text },
    usage: pickBilledUsage(usage),
  };
}
