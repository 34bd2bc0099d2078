// One chat service of a replay run, on the run's store, registry and clock, with its background work tracked so a
// caller can drain it between turns.
import type { ModelCaller } from '../../src/bedrock/call-model.ts';
import type { ToolHandler } from '../../src/tools/tool-handler.ts';
import type { ReplayEnvironment, ReplayService } from './replay-conversation.ts';

export type StartedReplayService = {
  readonly service: ReplayService;
  /** Resolves once the service and every background task it started (summaries) are done. */
  drain(): Promise<void>;
};

/** `idTag` keeps the ids of different conversations of one run apart (`<run prefix><idTag>-<n>`). */
export function startReplayService(
  env: ReplayEnvironment,
  input: {
    readonly models: ModelCaller;
    readonly handlers: ReadonlyMap<string, ToolHandler>;
    readonly instructions: string;
    readonly idTag: string;
  },
): StartedReplayService {
  const background = new Set<Promise<unknown>>();
  let ids = 0;
  const service = env.createService({
    store: env.store,
    models: input.models,
    registry: env.registry,
    toolIndex: env.toolIndex,
    handlers: input.handlers,
    database: env.database,
    content: { instructions: input.instructions, safetyRules: '', assets: env.assets },
    settings: env.settings,
    logger: env.logger,
    clock: () => new Date(env.clock.now()),
    createId: () => `${env.idPrefix}${input.idTag}-${(ids += 1).toString(36)}`,
    runInBackground: (task) => {
      const tracked = task.catch(() => undefined).finally(() => background.delete(tracked));
      background.add(tracked);
    },
    fetch: globalThis.fetch,
  });
  return {
    service,
    drain: async () => {
      await service.drain();
      while (background.size > 0) await Promise.all([...background]);
    },
  };
}
