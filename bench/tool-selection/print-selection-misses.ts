// The tool-selection bench's miss lines: a fixture half's misses by domain, reason and selection, and (--misses) each call.
import type { Conversation } from '../../testbench/replay/conversation-format.ts';
import { groupExchanges } from '../../testbench/replay/group-exchanges.ts';
import { formatSelectionMisses, type SelectionFigures } from '../../testbench/replay/measure-selection.ts';
import type { ReplayRun } from '../../testbench/replay/run-replay.ts';

/** Prints nothing for a half without misses; `label` is the row's title and half. */
export function printMissSummary(label: string, figures: SelectionFigures): void {
  const domains = Object.entries(figures.missedByDomain).sort((a, b) => b[1] - a[1]);
  if (domains.length > 0) {
    const reasons = Object.entries(figures.missedByReason).map(([reason, n]) => `${reason} ${n}`).join(', ');
    console.log(
      `${label}: misses by domain: ${domains.map(([name, n]) => `${name} ${n}`).join(', ')}; by reason: ${reasons}`,
    );
  }
  const selectionMisses = formatSelectionMisses(figures.notOfferedBySelection);
  if (selectionMisses !== '') console.log(`${label}: ${selectionMisses}`);
}

/**
 * Every recorded call not offered on the first try (recovered or missed): conversation, tool, why, the user's words and
 * the domain tools the request offered.
 */
export function printMissedCalls(run: ReplayRun, conversations: readonly Conversation[]): void {
  for (const replay of run.replays) {
    const exchanges = groupExchanges(conversations.find((one) => one.id === replay.id) ?? { id: '', turns: [] });
    for (const turn of replay.turns) {
      for (const call of turn.toolCalls.filter((one) => one.verdict !== 'offered')) {
        const text = (exchanges[turn.exchange]?.user.text ?? '').replace(/\s+/g, ' ').slice(0, 90);
        console.log(
          `${call.verdict} ${replay.id}#${turn.exchange} ${call.name} (${
            [call.reason, call.selection].filter((part) => part !== undefined).join(', ')
          }) "${text}" offered: ${(call.offered ?? []).join(',')}`,
        );
      }
    }
  }
}
