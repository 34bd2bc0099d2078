// The replay data layer's public API: the conversation format, importers, session chaining and loading.
export {
  ConversationSchema,
  formatConversationsJsonl,
  NAME_PATTERN,
  parseConversation,
  parseConversationLine,
  parseConversationsJsonl,
} from './conversation-format.ts';
export type {
  AssistantTurn,
  Conversation,
  LineError,
  ParseConversationResult,
  ParseConversationsResult,
  ToolCall,
  ToolResult,
  ToolTurn,
  Turn,
  UserTurn,
} from './conversation-format.ts';
export { checkConversationRules } from './check-conversation-rules.ts';
export { groupExchanges } from './group-exchanges.ts';
export type { AssistantStep, Exchange } from './group-exchanges.ts';
export { loadConversationsFile } from './load-conversations-file.ts';
export type { LoadConversationsResult } from './load-conversations-file.ts';
export { concatenateSessions, createRealisticGaps, SESSION_GAP_KINDS } from './concatenate-sessions.ts';
export type { ConcatenateSessionsOptions, ConcatenateSessionsResult, SessionGaps } from './concatenate-sessions.ts';
export { assignTimestamps, timeConversations } from './assign-timestamps.ts';
export type { UntimedConversation, UntimedTurn } from './assign-timestamps.ts';
export { importOpenAiChat } from './import-openai-chat.ts';
export type { ImportOpenAiChatOptions, ImportOpenAiChatResult, OpenAiChatRecord } from './import-openai-chat.ts';
export { importOpenAiLog, readOpenAiRecords } from './import-openai-log.ts';
export type { ImportOpenAiLogOptions, ImportProblem, ImportResult } from './import-openai-log.ts';
export { importDialogues, SPEAKER_ROLES } from './import-dialogues.ts';
export type { ImportDialoguesOptions } from './import-dialogues.ts';
export { convertOpenAiTools } from './convert-openai-tools.ts';
export type { ManifestTool, ToolDomain } from './convert-openai-tools.ts';
export { sanitiseToolName } from './sanitise-tool-name.ts';
export { summariseConversations } from './summarise-conversations.ts';
export type { ConversationSummary } from './summarise-conversations.ts';
// The replay harness (H10): recorded calls, baselines, the run, its figures and outputs.
export { EMPTY_RESULT_TEXT, listRecordedCalls } from './list-recorded-calls.ts';
export type { RecordedCall, WireBlock, WireMessage } from './list-recorded-calls.ts';
export {
  BASELINE_KINDS,
  BASELINE_LABELS,
  BASELINE_WINDOW_MESSAGES,
  buildBaselineRequest,
  cutWindow,
} from './build-baseline-request.ts';
export type { BaselineKind, BaselineRequestInput, WireToolSpec } from './build-baseline-request.ts';
export { BASELINE_MAX_TOKENS, createBaselineRunner } from './run-baselines.ts';
export type { BaselineCallResult, BaselineRunner } from './run-baselines.ts';
export { replayConversation } from './replay-conversation.ts';
export type { ConversationReplay, ReplayEnvironment, ReplayService, TurnFigures } from './replay-conversation.ts';
export { runReplay } from './run-replay.ts';
export type { ReplayRun, RunReplayOptions, RunReplayResult } from './run-replay.ts';
export { computeConversationFigures, SIDES, sumSides } from './compute-replay-figures.ts';
export type { ConversationFigures, Side, SideFigures } from './compute-replay-figures.ts';
export { summariseComparison } from './summarise-comparison.ts';
export type { Comparison } from './summarise-comparison.ts';
export { renderReplayTable } from './render-replay-table.ts';
export { renderReplayReport } from './render-replay-report.ts';
export { runReplayCli } from './run-replay-cli.ts';
