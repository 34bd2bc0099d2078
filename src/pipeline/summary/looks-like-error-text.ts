// Recognises replies that are an error, a refusal or an apology rather than a summary, so none is ever stored as one.

/** Checked against the start of the text only (anchored, no nested repetition: linear time). */
const ERROR_STARTS: readonly RegExp[] = [
  /^(?:error|exception|fatal|traceback|uncaught|panic)\b/i,
  /^(?:an? )?(?:unexpected |internal |unknown )?error (?:has )?occurred\b/i,
  /^(?:i cannot|i can't|i can’t|i'm unable|i’m unable|i am unable|i'm not able|i’m not able|i am not able|i won't|i won’t|i will not)\b/i,
  /^(?:sorry|i'm sorry|i’m sorry|i am sorry|i apologi[sz]e|apologies|unfortunately,? i)\b/i,
  /^as an ai\b/i,
  // Exception and error class names: ThrottlingException, ValidationException, TypeError…
  /^[A-Z][A-Za-z0-9]*(?:Exception|Error)\b/,
  // HTTP status lines and phrases: "HTTP/1.1 500", "429 Too Many Requests", "Service Unavailable"…
  /^http\/\d/i,
  /^(?:\d{3}\s?[:\-–]?\s?)?(?:bad request|unauthorized|forbidden|not found|request timeout|conflict|payload too large|too many requests|internal server error|bad gateway|service unavailable|gateway timeout)\b/i,
  // Error bodies and pages.
  /^\{\s?"(?:message|error|errors|__type|code|errormessage)"\s?:/i,
  /^<(?:!doctype|html|\?xml)/i,
  // Bedrock's own messages.
  /^(?:too many tokens|too many requests|the model returned the following errors|bedrock is unable|input is too long|prompt is too long|model timeout|access denied|throttl)/i,
];

/** Phrases that mark a model's refusal or meta-talk wherever they appear. */
const ERROR_ANYWHERE = /\bas an ai (?:language )?model\b/i;

/**
 * True when `text` reads as an error message, a refusal or an apology rather than a summary: it starts with "error",
 * an exception name, an HTTP status phrase, "I cannot", "Sorry, I", "As an AI", an error body, or a Bedrock error text;
 * or it contains "as an AI (language) model". Leading whitespace, quotes and markdown markers are ignored.
 */
export function looksLikeErrorText(text: string): boolean {
  const start = text.slice(0, 300).replace(/^[\s"'`*#>_-]+/, '');
  return ERROR_STARTS.some((pattern) => pattern.test(start)) || ERROR_ANYWHERE.test(text.slice(0, 4_000));
}
