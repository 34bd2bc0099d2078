// Times window + assembly for one model call: a 100-tool registry and a 1,000-message history (target: median < 1 ms).
// Standalone: `tsx bench/prompt-assembly.bench.ts`; exits 1 when the median misses the target.
import { assemblePrompt } from '../src/pipeline/assembly/index.ts';
import type { AssetPair } from '../src/pipeline/assets/index.ts';
import { pinAssets } from '../src/pipeline/assets/index.ts';
import type { Message } from '../src/pipeline/types/index.ts';
import { DEFAULT_LIMITS } from '../src/defaults.ts';
import { slideWindow } from '../src/pipeline/window/index.ts';
import type { WindowMessage } from '../src/pipeline/window/index.ts';
import { createToolRegistry, toToolDefinition } from '../src/pipeline/tool-catalogue/index.ts';

const TARGET_MEDIAN_MS = 1;
const WARMUP_RUNS = 200;
const MEASURED_RUNS = 2_000;

function sentence(seed: number, words: number): string {
  return Array.from({ length: words }, (_, n) => `word${(seed * 31 + n * 7) % 997}`).join(' ') + '.';
}

const registry = createToolRegistry();
for (let n = 0; n < 100; n += 1) {
  registry.register(
    {
      name: `tool_${String(n).padStart(3, '0')}`,
      description: sentence(n, 40),
      inputSchema: {
        type: 'object',
        properties: { id: { type: 'string', description: sentence(n + 1, 8) }, limit: { type: 'integer' } },
        required: ['id'],
      },
    },
    { tags: [n < 5 ? 'standard' : `domain_${n % 8}`] },
  );
}
const standardTools = registry.standardTools().map(toToolDefinition);
const domainTools = registry.domainTools().slice(0, 5).map(toToolDefinition);

// 1,000 messages, none covered by a summary yet (the worst case for the window): turns with 0-2 tool steps, some parallel.
const history: WindowMessage[] = [];
const push = (message: Message) => history.push({ seq: history.length + 1, message });
let exposure: AssetPair | undefined;
for (let turn = 0; history.length < 999; turn += 1) {
  push({ role: 'user', content: [{ type: 'text', text: sentence(turn, 25) }] });
  for (let step = 0; step < turn % 3 && history.length < 997; step += 1) {
    const ids = Array.from({ length: 1 + ((turn + step) % 3) }, (_, n) => `tooluse_${turn}_${step}_${n}`);
    const isAsset = turn === 1 && step === 0;
    const uses = ids.map((id) => ({
      type: 'tool_use' as const,
      id,
      name: isAsset ? 'get_asset' : 'tool_010',
      input: isAsset ? { id: 'ctx_rules' } : { id },
    }));
    const results = ids.map((id) => ({
      type: 'tool_result' as const,
      toolUseId: id,
      text: sentence(turn + step, 150),
      status: 'success' as const,
    }));
    if (isAsset) exposure = { assetId: 'ctx_rules', toolUse: uses[0]!, toolResult: results[0]! };
    push({ role: 'assistant', content: uses });
    push({ role: 'user', content: results });
  }
  push({ role: 'assistant', content: [{ type: 'text', text: sentence(turn + 1, 40) }] });
}
push({ role: 'user', content: [{ type: 'text', text: 'And what about the next step?' }] });

function runOnce(): number {
  const started = performance.now();
  const { window } = slideWindow({ messages: history, min: DEFAULT_LIMITS.windowMin, max: DEFAULT_LIMITS.windowMax });
  const { pinned } = pinAssets({
    pairs: exposure === undefined ? [] : [exposure],
    window,
    session: { turns: 40, tokens: 0 },
    limits: { maxTurns: 100 },
  });
  const result = assemblePrompt({
    modelId: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
    facts: { contextWindow: 200_000, minCacheTokens: 1_024, supportsOneHourTtl: true },
    system: {
      instructions: sentence(1, 250),
      safetyRules: sentence(2, 60),
      assetIds: ['ctx_rules', 'entry_prompt_chat'],
    },
    standardTools,
    domainTools,
    summary: { text: sentence(3, 300) },
    window,
    pinnedAssets: pinned,
    maxTokens: 4_096,
    maxInputTokens: DEFAULT_LIMITS.maxInputTokens,
    staticTtl: '1h',
    toolResultMaxTokens: 2_000,
  });
  const elapsed = performance.now() - started;
  if (!result.ok) throw new Error(`assembly failed: ${result.reason}`);
  return elapsed;
}

for (let n = 0; n < WARMUP_RUNS; n += 1) runOnce();
const times = Array.from({ length: MEASURED_RUNS }, runOnce).sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
const p99 = times[Math.floor(times.length * 0.99)]!;
console.log(
  `prompt assembly (window + pins + assembly; 100-tool registry, ${history.length}-message history, ${MEASURED_RUNS} runs)`,
);
console.log(`  median ${median.toFixed(3)} ms · p99 ${p99.toFixed(3)} ms · target median < ${TARGET_MEDIAN_MS} ms`);
if (median >= TARGET_MEDIAN_MS) {
  console.log('  MISSED the target');
  process.exit(1);
}
