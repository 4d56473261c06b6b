/**
 * The `data:` payloads of a server-sent-events body, in order, until `[DONE]` or the end of the
 * body. Lines may arrive split across chunks; comments (`:`) and other fields are skipped.
 */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const line = buffer.slice(0, newline).replace(/\r$/, '');
      buffer = buffer.slice(newline + 1);
      if (line.startsWith('data:')) {
        const data = line.slice(5).trimStart();
        if (data === '[DONE]') return;
        yield data;
      }
      newline = buffer.indexOf('\n');
    }
  }
  const last = (buffer + decoder.decode()).replace(/\r$/, '');
  if (last.startsWith('data:') && last.slice(5).trim() !== '[DONE]')
    yield last.slice(5).trimStart();
}
