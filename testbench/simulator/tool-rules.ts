// Validation rules over toolConfig: names, duplicates, input schemas, toolChoice.
import { constraintErrors, modelValidationError, nameViolations, validationError } from './bedrock-errors.ts';
import type { Rule } from './message-rules.ts';
import { blockKind, type ConverseInput, isObject, type WireBlock } from './types.ts';

/** The toolSpecs of a request with their index in `toolConfig.tools` (cachePoints skipped). */
export function listToolSpecs(
  input: ConverseInput,
): { readonly index: number; readonly spec: Record<string, unknown> }[] {
  return input.tools
    .map((tool: WireBlock, index) => ({ index, kind: blockKind(tool), spec: tool['toolSpec'] }))
    .filter((entry) => entry.kind === 'toolSpec')
    .map((entry) => ({ index: entry.index, spec: isObject(entry.spec) ? entry.spec : {} }));
}

const toolNames: Rule = (input) => {
  const violations = listToolSpecs(input).flatMap(({ index, spec }) =>
    nameViolations(spec['name'], `toolConfig.tools.${index + 1}.member.toolSpec.name`, true)
  );
  return violations.length === 0 ? undefined : constraintErrors(violations);
};

const schemaIsObject: Rule = (input) => {
  for (const { index, spec } of listToolSpecs(input)) {
    const schema = isObject(spec['inputSchema']) ? spec['inputSchema']['json'] : undefined;
    if (!isObject(schema) || schema['type'] !== 'object') {
      return validationError(
        `The value at toolConfig.tools.${index}.toolSpec.inputSchema.json.type must be one of the following: object.`,
      );
    }
  }
  return undefined;
};

const namesUnique: Rule = (input) => {
  const names = listToolSpecs(input).map(({ spec }) => spec['name']);
  return new Set(names).size === names.length ? undefined : modelValidationError('tools: Tool names must be unique.');
};

const choiceNamesATool: Rule = (input) => {
  const forced = input.toolChoice?.tool;
  if (forced === undefined) return undefined;
  const name = isObject(forced) ? forced['name'] : undefined;
  if (typeof name !== 'string' || name === '') {
    return constraintErrors(nameViolations(name, 'toolConfig.toolChoice.tool.name', true));
  }
  const known = listToolSpecs(input).some(({ spec }) => spec['name'] === name);
  return known ? undefined : modelValidationError(
    `tool_choice.name: Tool '${name}' not found in tools. Choose one of the tools listed in toolConfig.tools.`,
  );
};

export const TOOL_RULES: readonly Rule[] = [toolNames, schemaIsObject, namesUnique, choiceNamesATool];
