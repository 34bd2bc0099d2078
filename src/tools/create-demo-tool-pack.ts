// The demo tool pack: the standard tools plus 34 domain tools over libSQL, so a fresh install is a working assistant.
import { CONTACT_TOOLS } from './contact-tools.ts';
import { GOAL_TOOLS } from './goal-tools.ts';
import { HABIT_TOOLS } from './habit-tools.ts';
import { NOTE_TOOLS } from './note-tools.ts';
import { PREFERENCE_TOOLS } from './preference-tools.ts';
import { READING_TOOLS } from './reading-tools.ts';
import { REMINDER_TOOLS } from './reminder-tools.ts';
import { createStandardTools, type StandardToolsOptions } from './standard-tools.ts';
import { TASK_TOOLS } from './task-tools.ts';
import type { ToolPackEntry } from './tool-handler.ts';

export type { StandardToolsOptions as DemoToolPackOptions };

/** Every domain tool of the demo pack (tags: tasks, goals, reading, notes, reminders, habits, contacts, preferences). */
export const DOMAIN_TOOL_PACK: readonly ToolPackEntry[] = Object.freeze([
  ...TASK_TOOLS,
  ...GOAL_TOOLS,
  ...READING_TOOLS,
  ...NOTE_TOOLS,
  ...REMINDER_TOOLS,
  ...HABIT_TOOLS,
  ...CONTACT_TOOLS,
  ...PREFERENCE_TOOLS,
]);

/**
 * The whole demo pack: the four standard tools (clarify, help, cancel, set_preference) and DOMAIN_TOOL_PACK.
 * Names are unique; needs the migration 0002_demo_tools. `help` describes `options.registry` at call time, so pass
 * the registry these entries are registered into.
 */
export function createDemoToolPack(options: StandardToolsOptions): readonly ToolPackEntry[] {
  return Object.freeze([...createStandardTools(options), ...DOMAIN_TOOL_PACK]);
}
