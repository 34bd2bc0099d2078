// The one validity check of an assembled request: every rule Bedrock (and the simulator) enforces, plus our input cap.
import type { PromptRequest } from '../types/index.ts';
import { isCachePoint } from '../types/index.ts';
import type { PromptProblem } from './prompt-problem.ts';
import { TOOL_IDENTIFIER } from './prompt-problem.ts';
import { checkMessages } from './check-messages.ts';
import { checkCachePoints } from './check-cache-points.ts';
import { estimateRequestTokens } from '../tokens/index.ts';

export type { PromptProblem, PromptRule } from './prompt-problem.ts';

/** The model facts the check needs (a subset of config's ModelFacts). */
export type PromptCheckFacts = {
  readonly contextWindow: number;
  readonly minCacheTokens: number;
  readonly supportsOneHourTtl: boolean;
};

export type PromptCheckOptions = { readonly maxInputTokens?: number | undefined };

export type PromptCheckResult =
  | { readonly ok: true; readonly estimatedInputTokens: number }
  | { readonly ok: false; readonly problems: readonly PromptProblem[] };

function checkTools(request: PromptRequest, problems: PromptProblem[]): Set<string> {
  const names = new Set<string>();
  if (!Array.isArray(request.tools)) {
    problems.push({
      rule: 'malformed-request',
      path: 'tools',
      message: 'tools must be an array (empty when no tools are sent).',
    });
    return names;
  }
  for (const [index, tool] of request.tools.entries()) {
    if (isCachePoint(tool)) continue;
    const path = `tools.${index}`;
    if (typeof tool !== 'object' || tool === null) {
      problems.push({
        rule: 'malformed-request',
        path,
        message: `${path} must be a tool definition or a cache point.`,
      });
      continue;
    }
    const name: unknown = tool.name;
    if (typeof name !== 'string' || !TOOL_IDENTIFIER.test(name)) {
      problems.push({
        rule: 'invalid-tool-name',
        path: `${path}.name`,
        message: `Tool name "${String(name).slice(0, 80)}" must match ^[a-zA-Z0-9_-]{1,64}$.`,
      });
    } else if (names.has(name)) {
      problems.push({
        rule: 'duplicate-tool-name',
        path: `${path}.name`,
        message: `Tool name "${name}" appears twice; tool names must be unique.`,
      });
    }
    if (typeof name === 'string') names.add(name);
    if (typeof tool.description !== 'string' || tool.description.trim() === '') {
      problems.push({
        rule: 'empty-tool-description',
        path: `${path}.description`,
        message: `Tool "${String(name)}" needs a non-empty description.`,
      });
    }
    const schema: unknown = tool.inputSchema;
    if (
      typeof schema !== 'object' || schema === null || Array.isArray(schema) ||
      (schema as { type?: unknown }).type !== 'object'
    ) {
      problems.push({
        rule: 'invalid-input-schema',
        path: `${path}.inputSchema`,
        message: `The input schema of "${String(name)}" must be a JSON Schema with top-level "type": "object".`,
      });
    }
  }
  const choice = request.toolChoice;
  if (choice !== undefined && choice.type !== 'auto' && names.size === 0) {
    problems.push({
      rule: 'tool-choice-without-tools',
      path: 'toolChoice',
      message: `toolChoice "${choice.type}" forces a tool call, but the request has no tools.`,
    });
  } else if (choice?.type === 'tool' && !names.has(choice.name)) {
    problems.push({
      rule: 'unknown-tool-choice',
      path: 'toolChoice.name',
      message: `toolChoice names "${String(choice.name)}", which is not among the request's tools.`,
    });
  }
  return names;
}

function checkSettings(request: PromptRequest, problems: PromptProblem[]): void {
  if (typeof request.modelId !== 'string' || request.modelId.trim() === '') {
    problems.push({
      rule: 'missing-model-id',
      path: 'modelId',
      message: 'modelId must name a Bedrock model or inference profile.',
    });
  }
  if (!Number.isSafeInteger(request.maxTokens) || request.maxTokens < 1) {
    problems.push({
      rule: 'invalid-max-tokens',
      path: 'maxTokens',
      message: `maxTokens must be a whole number ≥ 1 (got ${String(request.maxTokens)}).`,
    });
  }
  const temperature = request.temperature;
  if (temperature !== undefined && !(typeof temperature === 'number' && temperature >= 0 && temperature <= 1)) {
    problems.push({
      rule: 'invalid-temperature',
      path: 'temperature',
      message: `temperature must lie in [0, 1] (got ${String(temperature)}).`,
    });
  }
  if (!Array.isArray(request.system)) {
    problems.push({
      rule: 'malformed-request',
      path: 'system',
      message: 'system must be an array (empty when there is no system prompt).',
    });
    return;
  }
  for (const [index, block] of request.system.entries()) {
    if (isCachePoint(block)) continue;
    if (typeof block?.text !== 'string' || block.text.trim() === '') {
      problems.push({
        rule: 'empty-text',
        path: `system.${index}`,
        message: `system.${index} is an empty text block: Bedrock rejects blank text.`,
      });
    }
  }
}

/**
 * Checks a finished request against every rule Bedrock enforces (see PromptRule) and the budget: estimated input +
 * maxTokens within the context window, and estimated input within `maxInputTokens` when given. `ok: true` carries the
 * estimate (estimateRequestTokens, uncorrected). Pure; never throws, whatever the input. A cache point below
 * `minCacheTokens` is not a problem: Bedrock silently caches nothing there (placing them well is not this check's job).
 */
export function checkPromptRequest(
  request: PromptRequest,
  facts: PromptCheckFacts,
  options: PromptCheckOptions = {},
): PromptCheckResult {
  if (typeof request !== 'object' || request === null) {
    return {
      ok: false,
      problems: [{ rule: 'malformed-request', path: '', message: 'The request must be an object.' }],
    };
  }
  const problems: PromptProblem[] = [];
  checkSettings(request, problems);
  const toolNames = checkTools(request, problems);
  if (!Array.isArray(request.messages) || request.messages.length === 0) {
    problems.push({
      rule: 'empty-messages',
      path: 'messages',
      message: 'The request has no messages: it needs at least one user message.',
    });
  } else {
    const { problems: messageProblems, usesToolBlocks } = checkMessages(request.messages);
    problems.push(...messageProblems);
    if (usesToolBlocks && toolNames.size === 0) {
      problems.push({
        rule: 'tool-blocks-without-tools',
        path: 'tools',
        message:
          'The messages hold toolUse/toolResult blocks, so the request must define tools (the toolConfig field).',
      });
    }
  }
  problems.push(...checkCachePoints(request, facts));
  // Estimating needs a well-formed request; a malformed one already failed.
  if (problems.some((problem) => problem.rule === 'malformed-request' || problem.rule === 'unknown-block-type')) {
    return { ok: false, problems };
  }
  let estimatedInputTokens: number;
  try {
    estimatedInputTokens = estimateRequestTokens(request);
  } catch {
    // e.g. a tool input that JSON cannot serialise (a cycle, a bigint)
    problems.push({
      rule: 'malformed-request',
      path: '',
      message: 'The request could not be measured: some tool input or schema is not plain JSON.',
    });
    return { ok: false, problems };
  }
  const maxTokens = Number.isFinite(request.maxTokens) ? request.maxTokens : 0;
  if (estimatedInputTokens + maxTokens > facts.contextWindow) {
    problems.push({
      rule: 'over-context-window',
      path: '',
      message:
        `prompt is too long: about ${estimatedInputTokens} input tokens + ${maxTokens} maxTokens > ${facts.contextWindow} context window.`,
    });
  }
  if (options.maxInputTokens !== undefined && estimatedInputTokens > options.maxInputTokens) {
    problems.push({
      rule: 'over-input-cap',
      path: '',
      message: `About ${estimatedInputTokens} input tokens exceed the configured cap of ${options.maxInputTokens}.`,
    });
  }
  return problems.length === 0 ? { ok: true, estimatedInputTokens } : { ok: false, problems };
}
