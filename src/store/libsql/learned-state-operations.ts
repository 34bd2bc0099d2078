// Learned state on libSQL: per-model token corrections (versioned writes) and per-conversation prompt-cache state.
import { AppError } from '../../errors.ts';
import type { LearnedStateStore } from '../learned-state-store.ts';
import { readJson, readNumber, readText } from './read-row.ts';
import { checkCount, notFound, nowIso, OWNED, ownerArgs, type StoreContext } from './store-context.ts';

const MAX_MODEL_KEY_LENGTH = 200;

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
  };
}
