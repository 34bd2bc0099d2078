// Reads a response body as a stream and stops at a character cap: a huge or endless answer is never held whole.

/** The text up to `maxChars`, and whether the body went on past it (the rest is cancelled, never read). */
export async function readCappedText(
  response: Response,
  maxChars: number,
): Promise<{ readonly text: string; readonly truncated: boolean }> {
  if (response.body === null) return { text: '', truncated: false };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length <= maxChars) {
      const { done, value } = await reader.read();
      if (done) return { text: text + decoder.decode(), truncated: false };
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    // Stops the download (and frees the connection) when we leave early; a no-op after a complete read.
    reader.cancel().catch(() => {});
  }
  return { text: text.slice(0, maxChars), truncated: true };
}
