// Fingerprints one assembled main request: keys of its cacheable layers and of every cache-point candidate's prefix,
// compared call to call to explain a cache miss and to judge whether a checkpoint's write was read.
import { type AssemblyReport, type CacheLayer, previousRequestEnd } from '../assembly/index.ts';
import { isCachePoint, type PromptMessage, type PromptRequest, type ToolDefinition } from '../types/index.ts';
import { type CheckpointPrint, fingerprintText, type PromptFingerprint } from './diagnose-cache-miss.ts';

const TTL_MS = { '5m': 5 * 60_000, '1h': 60 * 60_000 } as const;

export type FingerprintPromptInput = {
  readonly request: PromptRequest;
  readonly report: AssemblyReport;
  /** Names of the standard tools (sent first, before the domain tools). */
  readonly standardToolNames: ReadonlySet<string>;
  readonly summary: string;
  readonly now: Date;
  /** The learned factor actual / estimated tokens (1 when none). */
  readonly tokenRatio: number;
};

function withoutPoints(messages: readonly PromptMessage[]): unknown[] {
  return messages.map((message) => [message.role, message.content.filter((block) => !isCachePoint(block))]);
}

/** Pure; equal requests at equal times give equal fingerprints. */
export function fingerprintPrompt(input: FingerprintPromptInput): PromptFingerprint {
  const { request, report } = input;
  const tools = request.tools.filter((tool): tool is ToolDefinition => !isCachePoint(tool));
  const system = request.system.filter((block) => !isCachePoint(block));
  const messages = request.messages;
  const firstPlaced = report.cachePoints.find((decision) => decision.placed);
  const ttls = [...request.tools, ...request.system, ...messages.flatMap((message) => message.content)]
    .filter(isCachePoint).map((point) => TTL_MS[point.ttl]);
  // The history key covers the messages before the current user turn: it changes when a chunk leaves or a summary changes.
  const lastUser = messages.findLastIndex((message) =>
    message.role === 'user' && message.content.every((block) => block.type !== 'tool_result')
  );
  const toolsKey = fingerprintText(JSON.stringify(tools));
  const systemKey = fingerprintText(JSON.stringify(system));
  const standardCount = tools.findIndex((tool) => !input.standardToolNames.has(tool.name));
  const standard = standardCount < 0 ? tools : tools.slice(0, standardCount);
  const staticKey = `${toolsKey}:${systemKey}`;
  const stableIndex = previousRequestEnd(messages);
  const prefixKeys: Record<CacheLayer, string> = {
    'standard-tools': fingerprintText(`standard:${JSON.stringify(standard)}`),
    'domain-tools': fingerprintText(`tools:${toolsKey}`),
    system: fingerprintText(staticKey),
    'stable-history': stableIndex < 0
      ? ''
      : fingerprintText(`${staticKey}:${JSON.stringify(withoutPoints(messages.slice(0, stableIndex + 1)))}`),
    'request-end': messages.length === 0
      ? ''
      : fingerprintText(`${staticKey}:${JSON.stringify(withoutPoints(messages))}`),
  };
  const layers: CheckpointPrint[] = report.cachePoints.map((decision) => ({
    layer: decision.layer,
    key: prefixKeys[decision.layer],
    tokens: decision.prefixTokens,
    placed: decision.placed,
    ttlMs: decision.placed && decision.ttl !== undefined ? TTL_MS[decision.ttl] : 0,
  }));
  const firstTokens = firstPlaced?.prefixTokens ?? Math.max(0, ...report.cachePoints.map((d) => d.prefixTokens));
  return {
    at: input.now.getTime(),
    toolsKey,
    systemKey,
    summaryKey: fingerprintText(input.summary),
    historyKey: fingerprintText(
      JSON.stringify(
        messages.slice(0, Math.max(0, lastUser)).map((message) =>
          message.content.filter((block) => !isCachePoint(block))
        ),
      ),
    ),
    firstCheckpointTokens: Math.ceil(firstTokens * input.tokenRatio - 1e-9),
    ttlMs: ttls.length === 0 ? (firstPlaced === undefined ? 0 : TTL_MS['5m']) : Math.max(...ttls),
    totalTokens: report.tokens.total,
    layers,
  };
}
