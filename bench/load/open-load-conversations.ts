// The load bench's users and conversations: a development token per client and the conversations they will write to.
import { mintDevelopmentToken } from '../../src/http/mint-development-token.ts';
import { CLIENTS, CONVERSATIONS } from './load-settings.ts';

export type LoadConversations = { readonly tokens: readonly string[]; readonly conversationIds: readonly string[] };

/**
 * One token per client and CONVERSATIONS + 1 conversations, the nth owned by client n % CLIENTS: one more than the
 * load uses, for the unloaded baseline. Throws when the server does not create one.
 */
export async function openLoadConversations(url: string, secret: string): Promise<LoadConversations> {
  const tokens = await Promise.all(
    Array.from(
      { length: CLIENTS },
      (_, n) => mintDevelopmentToken({ secret, sub: `load-user-${n}`, ttlSeconds: 3600 }),
    ),
  );
  const conversationIds: string[] = [];
  for (let n = 0; n <= CONVERSATIONS; n += 1) {
    const response = await fetch(`${url}/v1/conversations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[n % CLIENTS]}` },
    });
    if (response.status !== 201) {
      throw new Error(`creating conversation ${n} answered ${response.status}: ${await response.text()}`);
    }
    conversationIds.push(((await response.json()) as { id: string }).id);
  }
  return { tokens, conversationIds };
}
