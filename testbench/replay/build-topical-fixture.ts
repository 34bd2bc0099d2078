// Rebuilds testbench/fixtures/topical-chat/everyday.jsonl: everyday conversations that need no tool, from a source the
// selection was never tuned on (Amazon's Topical-Chat: small talk about sports, music, films, books, politics), for the
// replay (run by hand; tests only read the result).
// node --import tsx testbench/replay/build-topical-fixture.ts --source <Topical-Chat conversations/test_freq.json>
//   [--per-chain 30] [--chains 8]
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  type AssistantTurn,
  type Conversation,
  formatConversationsJsonl,
  type UserTurn,
} from './conversation-format.ts';
import { createSeededRandom } from './seeded-random.ts';
import { summariseConversations } from './summarise-conversations.ts';

const OUTPUT = 'testbench/fixtures/topical-chat/everyday.jsonl';
const DAY_MS = 86_400_000;
/** Seconds between two messages of one chat. */
const TURN_GAP_MS = 40_000;

type TopicalChat = { readonly content: readonly { readonly message: string; readonly agent: string }[] };

const { values } = parseArgs({
  options: { source: { type: 'string' }, 'per-chain': { type: 'string' }, chains: { type: 'string' } },
});
if (values.source === undefined) throw new Error('--source <Topical-Chat conversations/test_freq.json> is required');
const perChain = Number(values['per-chain'] ?? 30);
const chains = Number(values.chains ?? 8);
const chats = JSON.parse(await readFile(values.source, 'utf8')) as Record<string, TopicalChat>;
// Entries, not keys looked up again: a chat id is the source's text.
const entries = Object.entries(chats);
const random = createSeededRandom('topical-chat');
const conversations: Conversation[] = [];
for (let chain = 0; chain < chains; chain += 1) {
  // One user and one companion over weeks: each chat of the source is a session, one to six days after the last.
  let at = Date.parse('2024-01-08T18:00:00Z');
  const turns: (UserTurn | (AssistantTurn & { readonly text: string }))[] = [];
  const chainChats = entries.slice(chain * perChain, (chain + 1) * perChain);
  for (const [, chat] of chainChats) {
    for (const { message, agent } of chat.content) {
      const role = agent === 'agent_1' ? 'user' : 'assistant';
      const text = message.trim();
      const last = turns.at(-1);
      if (text === '' || (last === undefined && role === 'assistant')) continue;
      if (last !== undefined && last.role === role) {
        turns[turns.length - 1] = { ...last, text: `${last.text} ${text}` };
        continue;
      }
      turns.push({ at: new Date(at).toISOString(), role, text });
      at += TURN_GAP_MS;
    }
    at += Math.floor(1 + random() * 6) * DAY_MS;
  }
  if (turns.at(-1)?.role === 'user') turns.pop();
  conversations.push({
    id: `topical-${chain}`,
    source: 'alexa/Topical-Chat conversations/test_freq.json',
    systemFile: '../locomo/everyday-system-prompt.md',
    meta: { sampleId: `topical-${chain}`, chats: chainChats.length },
    turns,
  });
}
await writeFile(OUTPUT, formatConversationsJsonl(conversations));
const { toolUse: _toolUse, ...summary } = summariseConversations(conversations);
console.log(JSON.stringify(summary));
