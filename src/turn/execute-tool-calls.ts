// Runs the tools one model step asked for and answers every call with exactly one toolResult, in call order.
import { resolveAssetRequest } from '../pipeline/assets/index.ts';
import { GET_ASSET_TOOL_NAME } from '../pipeline/assets/index.ts';
import { answerFindTools, FIND_TOOLS_NAME } from '../pipeline/tool-selection/index.ts';
import type { ToolResultBlock, ToolUseBlock } from '../pipeline/types/index.ts';
import type { ToolOutcome } from '../tools/tool-handler.ts';
import type { TurnEvent } from './chat-service.ts';
import { callHttpTool } from './call-http-tool.ts';
import type { TurnDependencies } from './turn-dependencies.ts';

export type ToolCallContext = {
  readonly userId: string;
  readonly conversationId: string;
  /** Assets whose original result the model can still see this session; extended as assets are first provided. */
  readonly exposedAssets: Set<string>;
  readonly onEvent: (event: TurnEvent) => void;
  /** The tools the request that asked for these calls declared: a call of any other tool is refused, never run. */
  readonly offered: ReadonlySet<string>;
};

export type ToolCallsResult = {
  readonly results: readonly ToolResultBlock[];
  /** get_asset calls answered with the full text for the first time in this session. */
  readonly firstExposures: readonly { readonly assetId: string; readonly toolUseId: string }[];
  /** Domain tools find_tools answered in this step, best first (the next step offers them). */
  readonly found: readonly string[];
  /** Calls refused because their tool was not offered in the request. */
  readonly refused: readonly string[];
};

function withTimeout(work: Promise<ToolOutcome>, timeoutMs: number, name: string): Promise<ToolOutcome> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<ToolOutcome>((resolve) => {
    timer = setTimeout(
      () => resolve({ status: 'error', text: `Tool ${name} failed: no answer within ${timeoutMs} ms.` }),
      timeoutMs,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function runOne(deps: TurnDependencies, context: ToolCallContext, call: ToolUseBlock): Promise<ToolOutcome> {
  const spec = deps.registry.get(call.name);
  const handler = deps.handlers.get(call.name);
  if (spec === undefined) {
    return {
      status: 'error',
      text: `Tool ${call.name} is not available. Use one of the tools declared in this request.`,
    };
  }
  if (handler !== undefined) {
    const work = handler(call.input, {
      database: deps.database,
      userId: context.userId,
      conversationId: context.conversationId,
      now: deps.clock(),
      newId: deps.createId,
    })
      .catch((error: unknown): ToolOutcome => {
        deps.logger.log('warn', 'tool_failed', {
          tool: call.name,
          error: error instanceof Error ? error.name : typeof error,
        });
        return { status: 'error', text: `Tool ${call.name} failed unexpectedly.` };
      });
    return withTimeout(work, deps.settings.toolTimeoutMs, call.name);
  }
  if (spec.http !== undefined) {
    return callHttpTool({
      http: spec.http,
      toolName: call.name,
      inputSchema: spec.inputSchema,
      input: call.input,
      caller: { userId: context.userId, conversationId: context.conversationId, toolCallId: call.id },
      callerKey: deps.httpTools?.callerKey,
      resolveHost: deps.httpTools?.resolveHost,
      fetch: deps.fetch,
      timeoutMs: deps.settings.toolTimeoutMs,
      now: () => deps.clock().getTime(),
    });
  }
  return { status: 'error', text: `Tool ${call.name} has no handler configured in this deployment.` };
}

/** The error result of a call whose tool the request did not declare: it says how to get the tool. */
export function refusalText(name: string, offered: ReadonlySet<string>): string {
  return offered.has(FIND_TOOLS_NAME)
    ? `Tool ${name} is not offered in this request, so it was not run. Call ${FIND_TOOLS_NAME} with a short description of what you need: the tools it finds are offered from your next step.`
    : `Tool ${name} is not offered in this request, so it was not run. Use one of the tools declared in this request.`;
}

/**
 * Never throws: every failure becomes an error result whose text is never empty. A call naming a tool the request did
 * not offer gets an error result (and a `tool_refused` log line), never an execution.
 */
export async function executeToolCalls(
  deps: TurnDependencies,
  context: ToolCallContext,
  calls: readonly ToolUseBlock[],
): Promise<ToolCallsResult> {
  const results: ToolResultBlock[] = [];
  const firstExposures: { assetId: string; toolUseId: string }[] = [];
  const found: string[] = [];
  const refused: string[] = [];
  for (const call of calls) {
    context.onEvent({ type: 'tool', name: call.name, status: 'started' });
    let outcome: ToolOutcome;
    if (!context.offered.has(call.name)) {
      refused.push(call.name);
      deps.logger.log('warn', 'tool_refused', {
        conversationId: context.conversationId,
        tool: call.name,
        known: deps.registry.get(call.name) !== undefined,
      });
      outcome = { status: 'error', text: refusalText(call.name, context.offered) };
    } else if (call.name === FIND_TOOLS_NAME && deps.registry.get(FIND_TOOLS_NAME) === undefined) {
      const answer = answerFindTools({
        input: call.input,
        index: deps.toolIndex,
        lookup: (name) => deps.registry.get(name),
        minTools: deps.settings.minDomainTools,
        maxTools: deps.settings.maxDomainTools,
      });
      for (const name of answer.found) if (!found.includes(name)) found.push(name);
      outcome = { status: answer.status, text: answer.text };
    } else if (call.name === GET_ASSET_TOOL_NAME) {
      const resolution = resolveAssetRequest({
        assetId: call.input['id'],
        assets: deps.content.assets,
        exposedInSession: context.exposedAssets,
      });
      outcome = { status: resolution.kind === 'unknown' ? 'error' : 'success', text: resolution.text };
      if (resolution.kind === 'first' && typeof call.input['id'] === 'string') {
        context.exposedAssets.add(call.input['id']);
        firstExposures.push({ assetId: call.input['id'], toolUseId: call.id });
      }
    } else {
      outcome = await runOne(deps, context, call);
    }
    const text = outcome.text.trim() === ''
      ? (outcome.status === 'error' ? `Tool ${call.name} failed.` : '(empty result)')
      : outcome.text;
    results.push({ type: 'tool_result', toolUseId: call.id, text, status: outcome.status });
    context.onEvent({ type: 'tool', name: call.name, status: outcome.status });
  }
  return { results, firstExposures, found, refused };
}
