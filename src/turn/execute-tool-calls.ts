// Runs the tools one model step asked for and answers every call with exactly one toolResult, in call order.
import { resolveAssetRequest } from '../pipeline/assets/index.ts';
import { GET_ASSET_TOOL_NAME } from '../pipeline/assets/index.ts';
import { answerFindTools, FIND_TOOLS_NAME } from '../pipeline/tool-selection/index.ts';
import type { ToolResultBlock, ToolUseBlock } from '../pipeline/types/index.ts';
import type { ToolOutcome } from '../tools/tool-handler.ts';
import type { TurnEvent } from './chat-service.ts';
import { callHttpTool } from './call-http-tool.ts';
import { deploymentDomainPrior } from './deployment-domain-prior.ts';
import type { TurnDependencies } from './turn-dependencies.ts';

export type ToolCallContext = {
  readonly userId: string;
  readonly conversationId: string;
  /** Assets whose original result the model can still see this session; extended as assets are first provided. */
  readonly exposedAssets: Set<string>;
  readonly onEvent: (event: TurnEvent) => void;
  /** The tools the request that asked for these calls declared: a call of any other tool is refused, never run. */
  readonly offered: ReadonlySet<string>;
  /** What names this turn across retries (its Idempotency-Key, else its id): HTTP tools' keys derive from it. */
  readonly turnKey: string;
  /** Results an earlier attempt of this turn recorded, by toolUseId: replayed, never run again. */
  readonly recorded?: ReadonlyMap<string, ToolResultBlock>;
  /** Called with each result of a tool that ran, before the next one runs (the turn journal records it). */
  readonly onResult?: (result: ToolResultBlock) => Promise<void>;
  /** The conversation's user turns, oldest first, this turn's last: find_tools reads its query in their context. */
  readonly userTurns?: readonly string[];
  /** Domain tools the conversation called, most recent first (this turn's first): find_tools' next step of a task. */
  readonly calledTools?: readonly string[];
};

/** Tools answered by the service itself, with no side effect: answered again on a retry rather than replayed. */
const PURE_TOOLS: ReadonlySet<string> = new Set([FIND_TOOLS_NAME, GET_ASSET_TOOL_NAME]);

/**
 * The Idempotency-Key an HTTP tool receives for one call: a SHA-256 over the conversation, the turn's key and the
 * call's toolUseId, so a retried turn that makes the same call again sends the same key.
 */
export async function deriveToolCallKey(conversationId: string, turnKey: string, toolUseId: string): Promise<string> {
  const text = JSON.stringify([conversationId, turnKey, toolUseId]);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return `tokenwise-${[...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

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
      idempotencyKey: await deriveToolCallKey(context.conversationId, context.turnKey, call.id),
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
 * Never throws on a tool's failure: every failure becomes an error result whose text is never empty (only a failure
 * to record a result, from `onResult`, is thrown: the turn then fails before its next step). A call naming a tool the request did
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
    const recorded = PURE_TOOLS.has(call.name) ? undefined : context.recorded?.get(call.id);
    if (recorded !== undefined) {
      // An earlier attempt of this turn ran it: its result is replayed, the tool is not run again.
      results.push(recorded);
      context.onEvent({ type: 'tool', name: call.name, status: recorded.status });
      continue;
    }
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
        recentUserTurns: context.userTurns ?? [],
        focus: {
          offered: [...context.offered],
          calledTools: [],
          lastCalled: context.calledTools ?? [],
          domainsOf: deps.registry.domainsOf,
          domainTools: (domain) => deps.registry.domainTools(domain).map((spec) => spec.name),
          domainPrior: deploymentDomainPrior(deps),
        },
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
    const result: ToolResultBlock = { type: 'tool_result', toolUseId: call.id, text, status: outcome.status };
    await context.onResult?.(result);
    results.push(result);
    context.onEvent({ type: 'tool', name: call.name, status: outcome.status });
  }
  return { results, firstExposures, found, refused };
}
