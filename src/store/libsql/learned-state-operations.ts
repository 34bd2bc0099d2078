// Learned state on libSQL: per-model token corrections (versioned writes), per-conversation prompt-cache state, and
// the deployment's tool co-use counts.
import { AppError } from '../../errors.ts';
import { type LearnedStateStore, TOOL_CO_USE_LOAD_MAX, TOOL_CO_USE_PAIRS_MAX } from '../learned-state-store.ts';
import { readJson, readNumber, readText } from './read-row.ts';
import { checkCount, notFound, nowIso, OWNED, ownerArgs, type StoreContext } from './store-context.ts';

const MAX_MODEL_KEY_LENGTH = 200;
/** A registered tool's name is at most 64 characters (Bedrock's limit); a longer one is not a tool's. */
const MAX_TOOL_NAME_LENGTH = 64;

function checkToolNames(names: readonly string[], most: number, what: string): void {
  if (names.length > most) throw new AppError('internal', `at most ${most} ${what}, got ${names.length}`);
  for (const name of names) {
    if (typeof name !== 'string' || name === '' || name.length > MAX_TOOL_NAME_LENGTH) {
      throw new AppError('internal', `a tool name must be 1-${MAX_TOOL_NAME_LENGTH} characters`);
    }
  }
}

function checkCorrection(input: { modelKey: string; ratio: number }): void {
  if (typeof input.modelKey !== 'string' || input.modelKey === '' || input.modelKey.length > MAX_MODEL_KEY_LENGTH) {
    throw new AppError('internal', `modelKey must be 1-${MAX_MODEL_KEY_LENGTH} characters`);
  }
  if (!Number.isFinite(input.ratio) || input.ratio <= 0) {
    throw new AppError('internal', `ratio must be a positive number, got ${String(input.ratio)}`);
  }
}

export function createLearnedStateOperations(context: StoreContext): LearnedStateStore {
  return {
    async loadTokenCorrections() {
      const result = await context.database.read(
        'SELECT model_key, ratio, samples, version FROM token_corrections ORDER BY updated_at, model_key',
      );
      return result.rows.map((row) => ({
        modelKey: readText(row, 'model_key'),
        ratio: readNumber(row, 'ratio'),
        samples: readNumber(row, 'samples'),
        version: readNumber(row, 'version'),
      }));
    },

    async saveTokenCorrection(input) {
      checkCorrection(input);
      checkCount(input.samples, 'samples');
      checkCount(input.expectedVersion, 'expectedVersion');
      const at = nowIso(context);
      const result = input.expectedVersion === 0
        ? await context.database.write({
          sql:
            'INSERT INTO token_corrections (model_key, ratio, samples, version, updated_at) VALUES (?, ?, ?, 1, ?) ' +
            'ON CONFLICT DO NOTHING RETURNING version',
          args: [input.modelKey, input.ratio, input.samples, at],
        })
        : await context.database.write({
          sql: 'UPDATE token_corrections SET ratio = ?, samples = ?, version = version + 1, updated_at = ? ' +
            'WHERE model_key = ? AND version = ? RETURNING version',
          args: [input.ratio, input.samples, at, input.modelKey, input.expectedVersion],
        });
      return result.rows.length === 1;
    },

    async loadCacheState(scope) {
      const result = await context.database.read({
        sql: 'SELECT s.fingerprint, s.watch, c.id FROM conversations c ' +
          `LEFT JOIN prompt_cache_state s ON s.conversation_id = c.id WHERE ${OWNED}`,
        args: ownerArgs(scope),
      });
      const row = result.rows[0];
      if (row === undefined) throw notFound();
      if (row['fingerprint'] === null) return null;
      return { fingerprint: readJson(row, 'fingerprint'), watch: readJson(row, 'watch') };
    },

    async saveCacheState(input) {
      const result = await context.database.write({
        sql: 'INSERT INTO prompt_cache_state (conversation_id, fingerprint, watch, updated_at) ' +
          `SELECT c.id, ?, ?, ? FROM conversations c WHERE ${OWNED} ` +
          'ON CONFLICT (conversation_id) DO UPDATE SET fingerprint = excluded.fingerprint, watch = excluded.watch, ' +
          'updated_at = excluded.updated_at RETURNING conversation_id',
        args: [JSON.stringify(input.fingerprint), JSON.stringify(input.watch), nowIso(context), ...ownerArgs(input)],
      });
      if (result.rows.length === 0) throw notFound();
    },

    async loadToolCoUse(tools) {
      checkToolNames(tools, TOOL_CO_USE_LOAD_MAX, 'tools');
      const names = [...new Set(tools)];
      if (names.length === 0) return [];
      const result = await context.database.read({
        sql: `SELECT tool, partner, turns FROM tool_co_use WHERE tool IN (${names.map(() => '?').join(', ')}) ` +
          'ORDER BY tool, partner',
        args: names,
      });
      return result.rows.map((row) => ({
        tool: readText(row, 'tool'),
        partner: readText(row, 'partner'),
        turns: readNumber(row, 'turns'),
      }));
    },

    async addToolCoUse(pairs) {
      if (pairs.length > TOOL_CO_USE_PAIRS_MAX) {
        throw new AppError('internal', `at most ${TOOL_CO_USE_PAIRS_MAX} pairs, got ${pairs.length}`);
      }
      checkToolNames(pairs.flatMap((pair) => [pair.tool, pair.partner]), 2 * TOOL_CO_USE_PAIRS_MAX, 'names');
      if (pairs.length === 0) return;
      const at = nowIso(context);
      await context.database.batchWrite(pairs.map((pair) => ({
        sql: 'INSERT INTO tool_co_use (tool, partner, turns, updated_at) VALUES (?, ?, 1, ?) ' +
          'ON CONFLICT (tool, partner) DO UPDATE SET turns = turns + 1, updated_at = excluded.updated_at',
        args: [pair.tool, pair.partner, at],
      })));
    },
  };
}
