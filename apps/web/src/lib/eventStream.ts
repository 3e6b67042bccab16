/**
 * Reads the `data:` lines of a server-sent event stream (fetched, so that it can carry the access token), calling
 * `onEvent` with each one parsed as JSON; a line that is not JSON is skipped. Resolves when the stream ends.
 * The charge points' live status, the live board and the notifications bell each read theirs through it.
 */
export const readEventStream = async <TEvent>(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: TEvent) => void,
): Promise<void> => {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) {
      return;
    }
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      for (const line of block.split('\n')) {
        if (line.startsWith('data: ')) {
          let event: TEvent;
          try {
            event = JSON.parse(line.slice(6)) as TEvent;
          } catch {
            continue;
          }
          onEvent(event);
        }
      }
      end = buffer.indexOf('\n\n');
    }
  }
};
