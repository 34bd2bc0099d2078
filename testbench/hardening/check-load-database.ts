// After a load run: is every accepted message stored exactly once, and is every turn finished?
import { createClient } from '@libsql/client';

export type LoadDatabaseFindings = {
  /** Accepted (200) messages whose user text is not stored. */
  readonly lost: number;
  /** Accepted messages stored more than once. */
  readonly duplicated: number;
  /** Stored user messages nobody got a 200 for (a client saw an error, yet the message was kept). */
  readonly unacknowledged: number;
  /** Conversations whose visible assistant answers do not equal their accepted messages. */
  readonly unansweredConversations: number;
  readonly runningTurns: number;
  /** Failed turns beyond the number of error answers clients received. */
  readonly silentFailedTurns: number;
  readonly storedUserMessages: number;
};

export type CheckLoadDatabaseOptions = {
  readonly databasePath: string;
  /** User texts that got a 200, by conversation id. */
  readonly accepted: ReadonlyMap<string, readonly string[]>;
  /** Requests answered with an error status (each may have left at most one failed turn). */
  readonly errorAnswers: number;
};

/** Reads the database through a fresh client once the server has stopped; never writes. */
export async function checkLoadDatabase(options: CheckLoadDatabaseOptions): Promise<LoadDatabaseFindings> {
  const client = createClient({ url: `file:${options.databasePath}` });
  try {
    await client.execute('PRAGMA busy_timeout = 5000');
    const users = await client.execute(
      "SELECT conversation_id, text FROM messages WHERE role = 'user' AND visible = 1",
    );
    const assistants = await client.execute(
      "SELECT conversation_id, count(*) AS n FROM messages WHERE role = 'assistant' AND visible = 1 GROUP BY conversation_id",
    );
    const turns = await client.execute('SELECT status, count(*) AS n FROM turns GROUP BY status');
    const stored = new Map<string, number>();
    for (const row of users.rows) {
      const key = `${String(row['conversation_id'])}\u0000${String(row['text'])}`;
      stored.set(key, (stored.get(key) ?? 0) + 1);
    }
    let lost = 0;
    let duplicated = 0;
    let matched = 0;
    for (const [conversationId, texts] of options.accepted) {
      for (const text of texts) {
        const count = stored.get(`${conversationId}\u0000${text}`) ?? 0;
        if (count === 0) lost += 1;
        if (count > 1) duplicated += 1;
        matched += count;
      }
    }
    const answers = new Map(assistants.rows.map((row) => [String(row['conversation_id']), Number(row['n'])]));
    let unansweredConversations = 0;
    for (const [conversationId, texts] of options.accepted) {
      if ((answers.get(conversationId) ?? 0) !== texts.length) unansweredConversations += 1;
    }
    const byStatus = new Map(turns.rows.map((row) => [String(row['status']), Number(row['n'])]));
    return {
      lost,
      duplicated,
      unacknowledged: users.rows.length - matched,
      unansweredConversations,
      runningTurns: byStatus.get('running') ?? 0,
      silentFailedTurns: Math.max(0, (byStatus.get('failed') ?? 0) - options.errorAnswers),
      storedUserMessages: users.rows.length,
    };
  } finally {
    client.close();
  }
}
