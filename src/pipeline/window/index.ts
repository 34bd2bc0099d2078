// The floating window of recent messages and the per-result cap on tool outputs inside it.
export { capToolResults } from './cap-tool-results.ts';
export { DEFAULT_WINDOW_MAX, DEFAULT_WINDOW_MIN, isSafeBoundary, slideWindow } from './slide-window.ts';
export type { SlideWindowOptions, SlideWindowResult, WindowMessage } from './slide-window.ts';
export { renderTruncationMarker, truncateToolResult } from './truncate-tool-result.ts';
