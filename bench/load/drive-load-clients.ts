// The load bench's clients: one message at a time to the conversations each owns, with seeded think times.
import { type BlockingFigures, epochNow } from '../../testbench/hardening/serve-load-target.ts';
import { CLIENTS, CONVERSATIONS, MAX_REQUESTS, SEED } from './load-settings.ts';
import type { LoadConversations } from './open-load-conversations.ts';
import type { LoadTarget } from './start-load-target.ts';

export type Sample = {
  readonly conversation: number;
  readonly text: string;
  readonly status: number;
  readonly startedAt: number;
  readonly latencyMs: number;
};
export type Phase = {
  readonly samples: readonly Sample[];
  readonly elapsedSeconds: number;
  /** Server CPU (user + system) during the run. */
  readonly cpuMs: number;
  readonly blocking: BlockingFigures;
};

export type LoadClients = {
  /** One message from `client` to conversation number `conversation`, timed on this side; status 0 on a network error. */
  readonly send: (client: number, conversation: number) => Promise<Sample>;
  /** Every client for `durationMs`, waiting a think time drawn from [thinkMin, thinkMax) before each message. */
  readonly runPhase: (durationMs: number, thinkMin: number, thinkMax: number) => Promise<Phase>;
};

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Each message's text carries a `[load c<conversation> n<number>]` marker, so the simulator's time can be matched. */
export function createLoadClients(
  { url, target, conversations }: {
    readonly url: string;
    readonly target: LoadTarget;
    readonly conversations: LoadConversations;
  },
): LoadClients {
  const { tokens, conversationIds } = conversations;
  const numbers = new Array<number>(CONVERSATIONS + 1).fill(0);
  const send = async (client: number, conversation: number): Promise<Sample> => {
    const number = numbers[conversation]!;
    numbers[conversation] = number + 1;
    const text = `[load c${conversation} n${number}] Please add a task to buy milk and tell me what is due today.`;
    const startedAt = epochNow();
    const response = await fetch(`${url}/v1/conversations/${conversationIds[conversation]}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[client]}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    }).catch(() => undefined);
    await response?.arrayBuffer();
    return { conversation, text, status: response?.status ?? 0, startedAt, latencyMs: epochNow() - startedAt };
  };
  const cpuNow = async () => {
    const answer = target.next('cpu');
    target.child.send('cpu');
    return answer;
  };
  // Client c owns conversations c, c+50, c+100, c+150 and sends to them in turn, one request at a time.
  const runPhase = async (durationMs: number, thinkMin: number, thinkMax: number): Promise<Phase> => {
    const samples: Sample[] = [];
    const cpuBefore = (await cpuNow()).cpuMs;
    const started = epochNow();
    const stopAt = started + durationMs;
    await Promise.all(Array.from({ length: CLIENTS }, async (_, client) => {
      const random = createRandom(SEED * 1_000 + client);
      const owned = CONVERSATIONS / CLIENTS;
      for (let round = 0; samples.length < MAX_REQUESTS; round += 1) {
        const think = thinkMin + random() * (thinkMax - thinkMin);
        if (think > 0) await new Promise((resolve) => setTimeout(resolve, think));
        if (epochNow() >= stopAt) break;
        samples.push(await send(client, client + CLIENTS * (round % owned)));
      }
    }));
    const elapsedSeconds = (epochNow() - started) / 1000;
    const after = await cpuNow();
    return { samples, elapsedSeconds, cpuMs: after.cpuMs - cpuBefore, blocking: after.blocking };
  };
  return { send, runPhase };
}
