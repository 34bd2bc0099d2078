// Runs the tools one model step asked for and answers every call with exactly one toolResult, in call order.
import { resolveAssetRequest } from '../pipeline/assets/index.ts';
import { GET_ASSET_TOOL_NAME } from '../pipeline/assets/index.ts';
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
};

export type ToolCallsResult = {
  readonly results: readonly ToolResultBlock[];
  /** get_asset calls answered with the full text for the first time in this session. */
  readonly firstExposures: readonly { readonly assetId: string; readonly toolUseId: string }[];
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

/** Never throws: every failure becomes an error result whose text is never empty. */
export async function executeToolCalls(
  deps: TurnDependencies,
  context: ToolCallContext,
  calls: readonly ToolUseBlock[],
): Promise<ToolCallsResult> {
  const results: ToolResultBlock[] = [];
  const firstExposures: { assetId: string; toolUseId: string }[] = [];
  for (const call of calls) {
    context.onEvent({ type: 'tool', name: call.name, status: 'started' });
    let outcome: ToolOutcome;
    if (call.name === GET_ASSET_TOOL_NAME) {
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
  return { results, firstExposures };
}
