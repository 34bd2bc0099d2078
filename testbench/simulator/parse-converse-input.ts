// Structural parsing of a Converse / CountTokens body: arrays where arrays belong, roles, one key per block.
// Messages follow Bedrock's wording where known (empty content); the rest use AWS's constraint style.
import { constraintErrors, constraintViolation, validationError } from './bedrock-errors.ts';
import {
  type BedrockError,
  type ConverseInput,
  isObject,
  type ToolChoice,
  type WireBlock,
  type WireMessage,
} from './types.ts';

export type ParseResult = { readonly ok: true; readonly input: ConverseInput } | {
  readonly ok: false;
  readonly error: BedrockError;
};

function oneKeyError(
  blocks: readonly unknown[],
  path: (index: number) => string,
  what: string,
): BedrockError | undefined {
  for (const [index, block] of blocks.entries()) {
    const keys = isObject(block)
      // own-key: keys come from Object.keys(block)
      ? Object.keys(block).filter((key) => block[key] !== undefined && block[key] !== null)
      : [];
    if (keys.length !== 1) {
      const found = keys.length === 0 ? 'none' : keys.join(', ');
      return validationError(
        `The ${what} object at ${
          path(index)
        } must set exactly one member (text, toolUse, toolResult, cachePoint, …); found ${found}.`,
      );
    }
  }
  return undefined;
}

function cleanBlocks(blocks: readonly unknown[]): WireBlock[] {
  return blocks.map((block) =>
    Object.fromEntries(Object.entries(block as WireBlock).filter(([, value]) => value !== undefined && value !== null))
  );
}

/** Parses `body` (Converse shape: messages, system, toolConfig, inferenceConfig). Never throws. */
export function parseConverseInput(body: unknown): ParseResult {
  if (!isObject(body)) return { ok: false, error: validationError('The request body must be a JSON object.') };
  const rawMessages = body['messages'] ?? [];
  if (!Array.isArray(rawMessages)) {
    return { ok: false, error: constraintErrors([constraintViolation('messages', 'be a list of Message objects')]) };
  }
  if (rawMessages.length === 0) {
    return {
      ok: false,
      error: constraintErrors([constraintViolation('messages', 'have length greater than or equal to 1')]),
    };
  }
  const messages: WireMessage[] = [];
  for (const [index, message] of rawMessages.entries()) {
    const role = isObject(message) ? message['role'] : undefined;
    if (role !== 'user' && role !== 'assistant') {
      return {
        ok: false,
        error: constraintErrors([
          constraintViolation(
            `messages.${index + 1}.member.role`,
            'satisfy enum value set: [user, assistant]',
            String(role),
          ),
        ]),
      };
    }
    const content = (message as Record<string, unknown>)['content'];
    if (!Array.isArray(content) || content.length === 0) {
      return {
        ok: false,
        error: validationError(
          `The content field in the Message object at messages.${index} is empty. Add a ContentBlock object to the content field and try again.`,
        ),
      };
    }
    const error = oneKeyError(content, (k) => `messages.${index}.content.${k}`, 'ContentBlock');
    if (error !== undefined) return { ok: false, error };
    messages.push({ role, content: cleanBlocks(content) });
  }
  const system = body['system'] ?? [];
  if (!Array.isArray(system)) {
    return {
      ok: false,
      error: constraintErrors([constraintViolation('system', 'be a list of SystemContentBlock objects')]),
    };
  }
  const systemError = oneKeyError(system, (k) => `system.${k}`, 'SystemContentBlock');
  if (systemError !== undefined) return { ok: false, error: systemError };
  const toolConfig = body['toolConfig'];
  if (toolConfig !== undefined && !isObject(toolConfig)) {
    return { ok: false, error: validationError('The toolConfig field must be an object with a tools list.') };
  }
  const tools = toolConfig?.['tools'] ?? [];
  if (!Array.isArray(tools) || (toolConfig !== undefined && tools.length === 0)) {
    return {
      ok: false,
      error: constraintErrors([constraintViolation('toolConfig.tools', 'have length greater than or equal to 1')]),
    };
  }
  const toolsError = oneKeyError(tools, (k) => `toolConfig.tools.${k}`, 'Tool');
  if (toolsError !== undefined) return { ok: false, error: toolsError };
  const choice = toolConfig?.['toolChoice'];
  if (
    choice !== undefined &&
    (!isObject(choice) || Object.keys(choice).length !== 1 ||
      !['auto', 'any', 'tool'].includes(Object.keys(choice)[0] ?? ''))
  ) {
    return { ok: false, error: validationError('The toolChoice field must set exactly one of auto, any or tool.') };
  }
  const inference = isObject(body['inferenceConfig']) ? body['inferenceConfig'] : {};
  const maxTokens = inference['maxTokens'];
  if (maxTokens !== undefined && (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens) || maxTokens < 1)) {
    return {
      ok: false,
      error: constraintErrors([
        constraintViolation('inferenceConfig.maxTokens', 'have value greater than or equal to 1', String(maxTokens)),
      ]),
    };
  }
  return {
    ok: true,
    input: {
      messages,
      system: cleanBlocks(system),
      tools: cleanBlocks(tools),
      hasToolConfig: toolConfig !== undefined,
      toolChoice: choice as ToolChoice | undefined,
      maxTokens: maxTokens as number | undefined,
      temperature: typeof inference['temperature'] === 'number' ? inference['temperature'] : undefined,
    },
  };
}
