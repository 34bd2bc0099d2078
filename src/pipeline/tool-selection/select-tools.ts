// Choosing the domain tools for a turn, split plan (pure) → cheap-model call (in turn/) → apply (pure).
import { DEFAULT_LIMITS } from '../../defaults.ts';
import { AppError } from '../../errors.ts';
import type { PromptRequest, ToolDefinition } from '../types/index.ts';
import type { RankedTool } from '../tool-search/index.ts';
import { shortlistTools } from './shortlist-tools.ts';
import type { ToolSpec } from '../tool-catalogue/index.ts';
import { renderShortlist, SELECT_TOOLS_NAME, SELECTOR_SYSTEM_TEXT } from './render-shortlist.ts';
import type { ToolSelectionPlan } from './tool-selection-plan.ts';

export type { ToolSelectionPlan };
export { SELECT_TOOLS_NAME, SELECTOR_SYSTEM_TEXT };

/** The forced tool call carries a handful of names: this is ample. */
const SELECTOR_MAX_TOKENS = 256;
/** The top tool must lead the next one by this share of its score (cut within minTools..maxTools) to skip the call. */
const LOCAL_CONFIDENCE_GAP = 0.3;

export type PlanToolSelectionInput = {
  readonly ranking: readonly RankedTool[];
  /** The user's latest message and earlier ones (oldest first): the cheap model reads them. */
  readonly query: string;
  readonly recentUserTurns?: readonly string[];
  readonly maxTools?: number;
  readonly minTools?: number;
  readonly modelId: string;
  /** Specs of the ranked tools, for the compact descriptions; names only when absent. */
  readonly catalogue?: readonly ToolSpec[];
};

function checkBounds(minTools: number, maxTools: number): void {
  if (!Number.isInteger(minTools) || !Number.isInteger(maxTools) || minTools < 1 || maxTools < minTools) {
    throw new AppError(
      'config_invalid',
      `tool selection needs whole numbers 1 <= minTools <= maxTools (got ${minTools} and ${maxTools})`,
    );
  }
}

/** Cut after position `index` when the score drop there is a clear gap, else -1. */
function findConfidentCut(ranking: readonly RankedTool[], minTools: number, maxTools: number): number {
  const best = ranking[0]?.score ?? 0;
  for (let index = minTools - 1; index < Math.min(maxTools, ranking.length); index += 1) {
    const next = ranking[index + 1]?.score ?? 0;
    if ((ranking[index]?.score ?? 0) - next >= best * LOCAL_CONFIDENCE_GAP) return index;
  }
  return -1;
}

/**
 * Decides how a changed list is chosen (planToolList decides whether it changes): 'local' when the ranking has a clear
 * gap within minTools..maxTools
 * (or too few candidates to choose from), so no selector call is billed; otherwise 'ask' with a forced `select_tools`
 * call whose enum is the shortlist. Pure; throws AppError 'config_invalid' only for impossible bounds.
 */
export function planToolSelection(input: PlanToolSelectionInput): ToolSelectionPlan {
  const minTools = input.minTools ?? DEFAULT_LIMITS.minDomainTools;
  const maxTools = input.maxTools ?? DEFAULT_LIMITS.maxDomainTools;
  checkBounds(minTools, maxTools);
  const { ranking } = input;
  if (ranking.length <= minTools) {
    return {
      kind: 'local',
      selected: ranking.map((entry) => entry.name),
      reason: `only ${ranking.length} tool(s) match`,
    };
  }
  const cut = findConfidentCut(ranking, minTools, maxTools);
  if (cut >= 0) {
    return {
      kind: 'local',
      selected: ranking.slice(0, cut + 1).map((entry) => entry.name),
      reason: `clear score gap after ${cut + 1} tool(s)`,
    };
  }
  const shortlist = shortlistTools(ranking, { min: Math.max(5, maxTools), max: Math.max(15, maxTools) });
  const selectTool: ToolDefinition = {
    name: SELECT_TOOLS_NAME,
    description: 'Record the tools needed for the latest user message.',
    inputSchema: {
      type: 'object',
      properties: {
        tools: {
          type: 'array',
          items: { type: 'string', enum: shortlist },
          minItems: Math.min(minTools, shortlist.length),
          maxItems: maxTools,
        },
      },
      required: ['tools'],
    },
  };
  const request: PromptRequest = {
    modelId: input.modelId,
    tools: [selectTool],
    toolChoice: { type: 'tool', name: SELECT_TOOLS_NAME },
    system: [{ type: 'text', text: SELECTOR_SYSTEM_TEXT }],
    messages: [{
      role: 'user',
      content: [{
        type: 'text',
        text: renderShortlist({
          shortlist,
          query: input.query,
          recentUserTurns: input.recentUserTurns ?? [],
          catalogue: input.catalogue ?? [],
          minTools,
          maxTools,
        }),
      }],
    }],
    maxTokens: SELECTOR_MAX_TOKENS,
    temperature: 0,
  };
  const ranked = ranking.map((entry) => entry.name);
  return { kind: 'ask', request, shortlist, fallback: ranked.slice(0, maxTools), minTools, maxTools, ranked };
}
