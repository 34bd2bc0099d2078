// The PRD's standard tools, sent on every call: clarify, help, cancel, set_preference. Descriptions stay short.
import { STANDARD_TAG, type ToolRegistry } from '../pipeline/tool-catalogue/index.ts';
import { defineInput, optional, text, textList } from './define-input.ts';
import { defineTool, fail, succeed } from './define-tool.ts';
import { MAX_PREFERENCES, PREFERENCE_KEY } from './preference-tools.ts';
import type { ToolPackEntry } from './tool-handler.ts';

const TAGS = [STANDARD_TAG];

export type StandardToolsOptions = {
  /** The registry `help` describes, read at call time (so tools registered later are listed too). */
  readonly registry: Pick<ToolRegistry, 'domains' | 'domainTools' | 'standardTools'>;
};

/** First sentence of a description: enough for an overview. */
function summarise(description: string): string {
  const end = description.search(/\.(\s|$)/);
  return end === -1 ? description : description.slice(0, end + 1);
}

const clarify = defineTool({
  name: 'clarify',
  description: 'Ask the user a clarifying question when the request is ambiguous.',
  tags: TAGS,
  input: defineInput({
    question: text('The question.', 500),
    options: optional(textList('Possible answers to offer.', 6, 200)),
  }),
  run: async (input) =>
    succeed({
      ask_user: input.question,
      ...(input.options === undefined ? {} : { options: input.options }),
      then: 'put this question to the user and wait for the answer',
    }),
});

const cancel = defineTool({
  name: 'cancel',
  description: 'Cancel the pending operation or plan in this conversation when the user asks to stop.',
  tags: TAGS,
  input: defineInput({ what: text('What is cancelled.', 300), reason: optional(text('Why, if the user said.', 500)) }),
  run: async (input, { database, userId, conversationId, now, newId }) => {
    const id = newId();
    await database.write({
      sql:
        'INSERT INTO cancellations (id, user_id, conversation_id, target, reason, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      args: [id, userId, conversationId, input.what, input.reason ?? null, now.toISOString()],
    });
    return succeed({ cancelled: { id, what: input.what }, then: 'do not continue it unless the user asks again' });
  },
});

const setPreference = defineTool({
  name: 'set_preference',
  description: 'Save a user preference (key/value), e.g. units=metric.',
  tags: TAGS,
  input: defineInput({ key: PREFERENCE_KEY, value: text('The value.', 500) }),
  run: async (input, { database, userId, now }) => {
    // One statement: the count check and the upsert cannot interleave with another write.
    const result = await database.write({
      sql: `INSERT INTO user_preferences (user_id, key, value, updated_at)
            SELECT ?1, ?2, ?3, ?4 WHERE EXISTS (SELECT 1 FROM user_preferences WHERE user_id = ?1 AND key = ?2)
               OR (SELECT COUNT(*) FROM user_preferences WHERE user_id = ?1) < ?5
            ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      args: [userId, input.key, input.value, now.toISOString(), MAX_PREFERENCES],
    });
    if (result.rowsAffected === 0) {
      return fail(`set_preference: ${MAX_PREFERENCES} preferences already saved: delete_preference one first`);
    }
    return succeed({ saved: { key: input.key, value: input.value } });
  },
});

/**
 * The four standard tools (tagged `standard`). `help` lists the registry's domains and tools when called;
 * `cancel` records the cancellation against the calling conversation; `set_preference` upserts per user
 * (at most MAX_PREFERENCES keys each).
 */
export function createStandardTools(options: StandardToolsOptions): readonly ToolPackEntry[] {
  const help = defineTool({
    name: 'help',
    description: 'List what the assistant can do: its domains and their tools.',
    tags: TAGS,
    input: defineInput({ domain: optional(text('A domain to detail.', 64)) }),
    run: async (input) => {
      const domains = options.registry.domains();
      if (input.domain === undefined) {
        const always = options.registry.standardTools().map((spec) => spec.name);
        return succeed({
          domains: domains.map((domain) => ({
            domain,
            tools: options.registry.domainTools(domain).map((spec) => spec.name),
          })),
          always,
        });
      }
      if (!domains.includes(input.domain)) {
        return fail(`help: no domain "${input.domain}"; domains: ${domains.join(', ') || '(none)'}`);
      }
      const tools = options.registry.domainTools(input.domain).map((spec) => ({
        name: spec.name,
        does: summarise(spec.description),
      }));
      return succeed({ domain: input.domain, tools });
    },
  });
  return [clarify, help, cancel, setPreference];
}
