// Validation rules over the messages of a parsed request, each returning Bedrock's exact message or undefined.
import { constraintErrors, nameViolations, validationError } from './bedrock-errors.ts';
import { type BedrockError, blockKind, type ConverseInput, isObject, type WireMessage } from './types.ts';

export type Rule = (input: ConverseInput) => BedrockError | undefined;

function blocksOf(message: WireMessage | undefined, kind: string): Record<string, unknown>[] {
  const blocks = (message?.content ?? []).filter((block) => blockKind(block) === kind);
  // own-key: kind is the blocks' own first key (blockKind), checked just above
  return blocks.map((block) => (isObject(block[kind]) ? block[kind] : {}));
}

const firstFromUser: Rule = (input) =>
  input.messages[0]?.role === 'user' ? undefined : validationError(
    'A conversation must start with a user message. Try again with a conversation that starts with a user message.',
  );

const rolesAlternate: Rule = (input) =>
  input.messages.some((message, index) => index > 0 && input.messages[index - 1]?.role === message.role)
    ? validationError(
      'A conversation must alternate between user and assistant roles. Make sure the conversation alternates between user and assistant roles and try again.',
    )
    : undefined;

const textNotBlank: Rule = (input) => {
  for (const [index, block] of input.system.entries()) {
    if (blockKind(block) === 'text' && String(block['text']).trim() === '') {
      return validationError(
        `The text field in the SystemContentBlock object at system.${index} is blank. Add text to the text field, and try again.`,
      );
    }
  }
  for (const [messageIndex, message] of input.messages.entries()) {
    for (const [index, block] of message.content.entries()) {
      if (blockKind(block) === 'text' && String(block['text']).trim() === '') {
        return validationError(
          `The text field in the ContentBlock object at messages.${messageIndex}.content.${index} is blank. Add text to the text field, and try again.`,
        );
      }
    }
  }
  return undefined;
};

const toolBlocksNeedToolConfig: Rule = (input) =>
  !input.hasToolConfig &&
    input.messages.some((message) =>
      message.content.some((block) => ['toolUse', 'toolResult'].includes(blockKind(block)))
    )
    ? validationError('The toolConfig field must be defined when using toolUse and toolResult content blocks.')
    : undefined;

/** toolUse names and ids, toolResult ids: `[a-zA-Z0-9_-]+`, 1..64 characters (AWS constraint style, 1-based paths). */
const toolBlockNames: Rule = (input) => {
  const violations: string[] = [];
  for (const [messageIndex, message] of input.messages.entries()) {
    for (const [index, block] of message.content.entries()) {
      const kind = blockKind(block);
      if (kind !== 'toolUse' && kind !== 'toolResult') continue;
      const value = isObject(block[kind]) ? block[kind] : {};
      const path = `messages.${messageIndex + 1}.member.content.${index + 1}.member.${kind}`;
      if (kind === 'toolUse') violations.push(...nameViolations(value['name'], `${path}.name`, false));
      violations.push(...nameViolations(value['toolUseId'], `${path}.toolUseId`, false));
    }
  }
  return violations.length === 0 ? undefined : constraintErrors(violations);
};

/** Every assistant toolUse id needs a toolResult in the next message; a user turn cannot answer more than was asked. */
const toolPairs: Rule = (input) => {
  for (const [index, message] of input.messages.entries()) {
    if (message.role === 'user') {
      const results = blocksOf(message, 'toolResult');
      const uses = blocksOf(input.messages[index - 1], 'toolUse');
      if (results.length > uses.length) {
        return validationError(
          `The number of toolResult blocks at messages.${index}.content exceeds the number of toolUse blocks of previous turn.`,
        );
      }
      continue;
    }
    const ids = blocksOf(message, 'toolUse').map((use) => String(use['toolUseId']));
    if (ids.length === 0) continue;
    const answered = new Set(
      blocksOf(input.messages[index + 1], 'toolResult').map((result) => String(result['toolUseId'])),
    );
    const missing = ids.filter((id) => !answered.has(id));
    if (missing.length > 0) {
      return validationError(
        `Expected toolResult blocks at messages.${index + 1}.content for the following Ids: ${missing.join(', ')}`,
      );
    }
  }
  return undefined;
};

const errorResultNotEmpty: Rule = (input) => {
  for (const [messageIndex, message] of input.messages.entries()) {
    for (const [index, block] of message.content.entries()) {
      if (blockKind(block) !== 'toolResult') continue;
      const result = isObject(block['toolResult']) ? block['toolResult'] : {};
      const content = result['content'];
      if (result['status'] === 'error' && (!Array.isArray(content) || content.length === 0)) {
        return validationError(
          `The content field at messages.${messageIndex}.content.${index}.toolResult cannot be empty when status value is error.`,
        );
      }
    }
  }
  return undefined;
};

/** In the order Bedrock checks them. */
export const MESSAGE_RULES: readonly Rule[] = [
  toolBlockNames,
  firstFromUser,
  rolesAlternate,
  textNotBlank,
  toolBlocksNeedToolConfig,
  errorResultNotEmpty,
  toolPairs,
];
