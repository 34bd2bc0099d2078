// Why a turn's tool list changed or stayed: the reason logged with every change (`tool_list_changed`) and every turn.
import type { ToolEvidence } from './measure-tool-evidence.ts';

/**
 * Why the tool list changed: the conversation's first request; strong evidence for a tool; a word of a tool's name that
 * only a few tools hold, said in the middle of a task (see findTaskObjects); a request in the middle of a task for its
 * next tool (see findTaskRequest); a domain requested by name; a request during a task for another domain by a word
 * only its tools hold (see planToolList); an assent to a proposed step; or the model's `find_tools` search.
 */
export type ToolListChangeReason =
  | 'first-request'
  | 'strong-evidence'
  | 'task-object'
  | 'task-request'
  | 'requested-domain'
  | 'other-domain'
  | 'assented-proposal'
  | 'find-tools';
/** Why it did not; `every-tool`: DOMAIN_TOOLS=all offers the whole catalogue, so there is nothing to choose. */
export type ToolListKeepReason = 'no-evidence' | 'no-request' | 'offered-covers' | 'outside-focus' | 'every-tool';

export type ReadChangeReasonInput = {
  /** The tool the change is for. */
  readonly trigger: string;
  /** Nothing was offered before: the conversation's first request. */
  readonly firstRequest: boolean;
  /** The trigger is the step an assent agreed to. */
  readonly assented: boolean;
  /** The trigger is the tool a domain requested by name asks for. */
  readonly requested: boolean;
  /** The tools with strong evidence (see isStrongEvidence). */
  readonly strong: readonly ToolEvidence[];
  /** The strong tools, or when there are none, the task's objects (see findTaskObjects). */
  readonly plain: readonly ToolEvidence[];
};

/**
 * The reason of a change, first that holds: the first request, an assent, a requested domain, strong evidence for the
 * trigger, the trigger as a task's object (both that and the task's request may name it), else the request for the
 * task's next tool (see findTaskRequest), the one candidate source left. Pure.
 */
export function readChangeReason(
  input: ReadChangeReasonInput,
): Exclude<ToolListChangeReason, 'find-tools' | 'other-domain'> {
  if (input.firstRequest) return 'first-request';
  if (input.assented) return 'assented-proposal';
  if (input.requested) return 'requested-domain';
  if (input.strong.some((entry) => entry.name === input.trigger)) return 'strong-evidence';
  return input.plain.some((entry) => entry.name === input.trigger) ? 'task-object' : 'task-request';
}
