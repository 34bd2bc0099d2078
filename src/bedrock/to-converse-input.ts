// Maps a vendor-neutral PromptRequest to Bedrock's Converse input: the only place that writes Bedrock's wire names.
import type {
  ContentBlock as WireBlock,
  ConverseCommandInput,
  SystemContentBlock,
  Tool,
} from '@aws-sdk/client-bedrock-runtime';
import type { CachePoint, ContentBlock, PromptRequest, ToolChoice } from '../pipeline/types/index.ts';
import { isCachePoint } from '../pipeline/types/index.ts';

type DocumentType = Record<string, never>;

function toWireCachePoint(point: CachePoint): { type: 'default'; ttl?: '1h' } {
  // 5m is Bedrock's default: omit it so the request also works on models that predate the ttl field.
  return point.ttl === '1h' ? { type: 'default', ttl: '1h' } : { type: 'default' };
}

function toWireBlock(block: ContentBlock | CachePoint): WireBlock {
  if (isCachePoint(block)) return { cachePoint: toWireCachePoint(block) };
  switch (block.type) {
    case 'text':
      return { text: block.text };
    case 'tool_use':
      return { toolUse: { toolUseId: block.id, name: block.name, input: block.input as DocumentType } };
    case 'tool_result':
      return { toolResult: { toolUseId: block.toolUseId, content: [{ text: block.text }], status: block.status } };
  }
}

function toWireToolChoice(choice: ToolChoice): NonNullable<ConverseCommandInput['toolConfig']>['toolChoice'] {
  if (choice.type === 'tool') return { tool: { name: choice.name } };
  return choice.type === 'any' ? { any: {} } : { auto: {} };
}

/** Converse input for `request`; `toolConfig` is present exactly when the request declares tools. */
export function toConverseInput(request: PromptRequest): ConverseCommandInput {
  const tools: Tool[] = request.tools.map((tool) =>
    isCachePoint(tool) ? { cachePoint: toWireCachePoint(tool) } : {
      toolSpec: {
        name: tool.name,
        description: tool.description,
        inputSchema: { json: tool.inputSchema as DocumentType },
      },
    }
  );
  const system: SystemContentBlock[] = request.system.map((block) =>
    isCachePoint(block) ? { cachePoint: toWireCachePoint(block) } : { text: block.text }
  );
  return {
    modelId: request.modelId,
    messages: request.messages.map((message) => ({ role: message.role, content: message.content.map(toWireBlock) })),
    ...(system.length === 0 ? {} : { system }),
    inferenceConfig: {
      maxTokens: request.maxTokens,
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    },
    ...(tools.length === 0 ? {} : {
      toolConfig: {
        tools,
        ...(request.toolChoice === undefined ? {} : { toolChoice: toWireToolChoice(request.toolChoice) }),
      },
    }),
  };
}
