/** A server-sent event stream opened as a browser would (fetch), read until it says what a test waits for. */
export const openEventStream = async (url: string, headers: Record<string, string>) => {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { ...headers, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  let text = '';
  return {
    /**
     * Reads until the text holds `expected` (from character `from` on: what arrived after an earlier read) or
     * `timeoutMs` passed; answers everything read so far.
     */
    async readUntil(expected: string, timeoutMs = 10_000, from = 0) {
      const deadline = Date.now() + timeoutMs;
      while (!text.slice(from).includes(expected) && Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) {
          break;
        }
        text += new TextDecoder().decode(value);
      }
      return text;
    },
    close: () => controller.abort(),
  };
};
