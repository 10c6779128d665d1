/** One run event as carried by the run stream: its seq and type (the `data-<type>` part of the UI message stream). */
export interface StreamedEvent {
  seq: number;
  type: string;
  /** When the reader received it (performance clock, ms). */
  at: number;
}

/**
 * Reads GET /api/runs/<id>/stream (an AI SDK UI message stream over SSE: `data: <chunk JSON>` lines) and collects
 * its run events, until the stream ends, `stopAfter` events were read (then the connection is dropped, like a
 * reload), or `timeoutMs` passes.
 * @returns the events in order, the HTTP status, and whether the stream ended by itself with its `finish` chunk.
 */
export async function readRunStream(
  url: string,
  options: { headers?: Record<string, string>; stopAfter?: number; timeoutMs?: number } = {},
): Promise<{ status: number; events: StreamedEvent[]; finished: boolean }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 120_000);
  const events: StreamedEvent[] = [];
  let finished = false;
  try {
    const res = await fetch(url, { headers: options.headers, signal: controller.signal });
    if (!res.body) return { status: res.status, events, finished };
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let cut: number;
      while ((cut = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, cut).trim();
        buffer = buffer.slice(cut + 1);
        if (!line.startsWith("data:")) continue;
        const payload = line.slice(5).trim();
        if (payload === "[DONE]") continue;
        const chunk = JSON.parse(payload) as { type: string; data?: { seq: number } };
        if (chunk.type === "finish") finished = true;
        if (chunk.type.startsWith("data-") && chunk.data)
          events.push({ seq: chunk.data.seq, type: chunk.type.slice(5), at: performance.now() });
      }
      if (options.stopAfter !== undefined && events.length >= options.stopAfter) {
        controller.abort();
        break;
      }
    }
    return { status: res.status, events, finished };
  } catch (error) {
    if (controller.signal.aborted) return { status: 200, events, finished };
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
