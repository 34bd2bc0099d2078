// The replayed model's bootstrap (ADR 0028): at the start of every asset session it first calls get_asset for each
// asset the system prompt names, then plays the recorded steps. Against the simulator only; live, the model decides.
import type { ModelCaller } from '../../src/bedrock/call-model.ts';
import { GET_ASSET_TOOL_NAME } from '../../src/pipeline/assets/index.ts';
import type { Simulator } from '../simulator/index.ts';

export type AssetBootstrap = {
  /** Wraps `scripted` (the recorded steps); the bootstrap call itself goes to `raw`, so the script never sees it. */
  readonly caller: ModelCaller;
  /** A user turn starts at `at` (epoch ms): after `sessionIdleMs` of silence (or at the first turn) a session starts. */
  begin(at: number): void;
};

export type AssetBootstrapOptions = {
  readonly raw: ModelCaller;
  readonly scripted: ModelCaller;
  readonly simulator: Simulator;
  readonly mainModelId: string;
  readonly assetIds: readonly string[];
  readonly sessionIdleMs: number;
};

/** Without asset ids the scripted caller is returned as it is. */
export function fetchAssetsAtSessionStart(options: AssetBootstrapOptions): AssetBootstrap {
  let lastTurnAt: number | null = null;
  let due = false;
  let fetches = 0;
  const main = (request: { readonly modelId: string }) => request.modelId === options.mainModelId;
  return {
    begin(at) {
      due = options.assetIds.length > 0 && (lastTurnAt === null || at - lastTurnAt > options.sessionIdleMs);
      lastTurnAt = at;
    },
    caller: {
      ...options.scripted,
      converseStream(request, callOptions) {
        if (!due || !main(request)) return options.scripted.converseStream(request, callOptions);
        due = false;
        fetches += 1;
        options.simulator.script.enqueue({
          model: options.mainModelId,
          toolUses: options.assetIds.map((id, index) => ({
            name: GET_ASSET_TOOL_NAME,
            input: { id },
            id: `tooluse_asset_${fetches}_${index + 1}`,
          })),
        });
        return options.raw.converseStream(request, callOptions);
      },
    },
  };
}
