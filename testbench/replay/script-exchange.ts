// Scripts one recorded exchange as the simulator's answers for the main model (the cheap model's calls stay unscripted).
import type { Simulator } from '../simulator/index.ts';
import type { Exchange } from './group-exchanges.ts';

/**
 * Replaces whatever was queued with the exchange's recorded steps, in order: each step's text then its tool calls
 * (recorded ids and inputs), keyed to `mainModelId` so selector and summariser calls never take them.
 */
export function scriptExchange(simulator: Simulator, exchange: Exchange, mainModelId: string): void {
  simulator.script.clear();
  for (const { reply } of exchange.steps) {
    const toolUses = (reply.toolCalls ?? []).map((call) => ({ id: call.id, name: call.name, input: call.input }));
    simulator.script.enqueue({
      model: mainModelId,
      ...(reply.text === undefined ? {} : { text: reply.text }),
      ...(toolUses.length === 0 ? {} : { toolUses }),
    });
  }
}
