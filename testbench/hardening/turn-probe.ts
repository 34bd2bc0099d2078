// Test support: send a marked message through the real server and read back what the simulator and database saw.
import type { CallResult, HardenedServer } from './start-hardened-server.ts';

export type ServerSentEvent = { readonly event: string; readonly data: unknown };

/** Parses a whole `text/event-stream` body into its events (data parsed as JSON). */
export function parseServerSentEvents(text: string): ServerSentEvent[] {
  return text.split('\n\n').filter((frame) => frame.trim() !== '').map((frame) => {
    const event = /^event: (.*)$/m.exec(frame)?.[1] ?? 'message';
    const data = /^data: (.*)$/m.exec(frame)?.[1] ?? 'null';
    return { event, data: JSON.parse(data) as unknown };
  });
}

export type TurnProbe = {
  /** Creates a conversation owned by the probe's user; returns its id. */
  createConversation(): Promise<string>;
  /** POSTs `text` as JSON (or as SSE when `stream`), returning the raw answer. */
  send(conversationId: string, text: string, options?: { readonly stream?: boolean }): Promise<CallResult>;
  /** Visible history texts, oldest first. */
  history(conversationId: string): Promise<{ role: string; text: string }[]>;
  /** ConverseStream calls the simulator received whose body contains `marker`. */
  mainCalls(marker: string): number;
  /** Turn rows of a conversation: status and error code, oldest first. */
  turns(conversationId: string): Promise<{ status: string; errorCode: string | null }[]>;
};

/** A probe acting as `user` against `server`. */
export async function createTurnProbe(server: HardenedServer, user: string): Promise<TurnProbe> {
  const token = await server.token(user);
  return {
    async createConversation() {
      const created = await server.call('POST', '/v1/conversations', { token });
      if (created.status !== 201) throw new Error(`create answered ${created.status}: ${created.text}`);
      return (created.body as { id: string }).id;
    },
    send: (conversationId, text, options = {}) =>
      server.call('POST', `/v1/conversations/${conversationId}/messages`, {
        token,
        body: { text },
        ...(options.stream === true ? { headers: { accept: 'text/event-stream' } } : {}),
      }),
    async history(conversationId) {
      const page = await server.call('GET', `/v1/conversations/${conversationId}/messages?limit=100`, { token });
      if (page.status !== 200) throw new Error(`history answered ${page.status}: ${page.text}`);
      const messages = (page.body as { messages: { role: string; text: string }[] }).messages;
      return messages.map(({ role, text }) => ({ role, text }));
    },
    mainCalls: (marker) =>
      server.simulator.simulator.log.entries().filter((entry) =>
        entry.operation === 'converse-stream' && JSON.stringify(entry.request).includes(marker)
      ).length,
    async turns(conversationId) {
      const rows = await server.query(
        'SELECT status, error_code FROM turns WHERE conversation_id = ? ORDER BY started_at, rowid',
        [conversationId],
      );
      return rows.map((row) => ({
        status: String(row['status']),
        errorCode: row['error_code'] === null ? null : String(row['error_code']),
      }));
    },
  };
}
