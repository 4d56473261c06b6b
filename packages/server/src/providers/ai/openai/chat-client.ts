/**
 * One OpenAI chat-completions call over plain `fetch` (any OpenAI-compatible server: OpenAI,
 * Ollama, vLLM, llama.cpp, OpenRouter). Returns the assistant's text; every failure is an
 * {@link LlmCallError} that says whether a retry can help. Retrying is the caller's job.
 */
import type { AppConfig } from '../../../config.ts';
import { LlmCallError, retryAfterMs } from './llm-call-error.ts';
import { sseData } from './sse.ts';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatClientOptions {
  /** e.g. `https://api.openai.com/v1`, no trailing slash. */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /**
   * Non-streaming: the whole call. Streaming: the wait for the headers and between two chunks,
   * so a long answer that keeps arriving is not cut off; {@link streamTotalMs} bounds it.
   */
  timeoutMs: number;
  /** Stream the answer (SSE). */
  stream: boolean;
  /** Hard cap on one streamed call; defaults to 4 × `timeoutMs`. */
  streamTotalMs?: number;
  temperature?: number;
}

/** Token counts of one call, as the server reports them. */
export interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

export interface StreamTextOptions {
  maxTokens?: number;
  /** Each piece of the answer as it arrives. */
  onText?: (piece: string) => void;
  /** Cancels the call (the caller gave up). */
  signal?: AbortSignal;
}

export interface ChatClient {
  readonly model: string;
  /** The assistant's answer to `messages`, asked for as one JSON object. */
  completeJson(messages: ChatMessage[], options?: { maxTokens?: number }): Promise<string>;
  /**
   * A free-text answer, always streamed (SSE) with usage asked for (`stream_options`): the pieces
   * go to `onText` as they arrive; resolves with the whole text and the usage when reported.
   */
  streamText(
    messages: ChatMessage[],
    options?: StreamTextOptions,
  ): Promise<{ text: string; usage: ChatUsage | null }>;
}

type CompletionBody = {
  choices?: { message?: { content?: string | null } }[];
  usage?: Partial<ChatUsage> | null;
  error?: { message?: string };
};
type ChunkBody = {
  choices?: { delta?: { content?: string | null } }[];
  usage?: Partial<ChatUsage> | null;
  error?: { message?: string };
};

function usageOf(usage: Partial<ChatUsage> | null | undefined): ChatUsage | null {
  if (typeof usage?.prompt_tokens !== 'number' || typeof usage.completion_tokens !== 'number') {
    return null;
  }
  return { prompt_tokens: usage.prompt_tokens, completion_tokens: usage.completion_tokens };
}

/** A timer that aborts its signal unless it is touched again within `ms`. */
function idleTimer(ms: number) {
  const controller = new AbortController();
  let timer = setTimeout(() => controller.abort(), ms);
  return {
    signal: controller.signal,
    touch: () => {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(), ms);
    },
    stop: () => clearTimeout(timer),
  };
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new LlmCallError(`${what} is not JSON`, { retryable: true });
  }
}

async function httpError(response: Response): Promise<LlmCallError> {
  const body = await response.text().catch(() => '');
  const detail = /"message"\s*:\s*"([^"]{1,200})/.exec(body)?.[1] ?? body.slice(0, 200);
  const retryable = response.status === 408 || response.status === 429 || response.status >= 500;
  return new LlmCallError(`HTTP ${response.status}${detail ? `: ${detail}` : ''}`, {
    retryable,
    retryAfterMs: retryAfterMs(response.headers),
  });
}

/** What a failed call throws: its own error as it is, an abort as `timed out (why)`, else a network error. */
function callFailure(error: unknown, timedOut: string | undefined): LlmCallError {
  if (error instanceof LlmCallError) return error;
  if (timedOut !== undefined)
    return new LlmCallError(`timed out (${timedOut})`, { retryable: true });
  const cause = (error as { cause?: { code?: string } }).cause?.code;
  const message = error instanceof Error ? error.message : String(error);
  return new LlmCallError(`network error: ${cause ?? message}`, { retryable: true });
}

/** The settings (`OPENAI_*`) of the OpenAI-compatible endpoint the providers call. */
export type ChatEndpointConfig = Pick<
  AppConfig,
  'openaiBaseUrl' | 'openaiApiKey' | 'openaiModel' | 'openaiTimeoutMs'
>;

/**
 * A streaming client of the configured endpoint: streaming lets a long answer through under a
 * per-chunk idle timeout instead of one timeout for the whole answer.
 */
export function createStreamingChatClient(
  config: ChatEndpointConfig,
  options: { temperature?: number } = {},
): ChatClient {
  return createChatClient({
    baseUrl: config.openaiBaseUrl,
    apiKey: config.openaiApiKey,
    model: config.openaiModel,
    timeoutMs: config.openaiTimeoutMs,
    stream: true,
    ...options,
  });
}

export function createChatClient(options: ChatClientOptions): ChatClient {
  const url = `${options.baseUrl}/chat/completions`;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;

  /** One chat-completions request of `messages` with the `extra` fields; a non-2xx answer throws. */
  async function post(
    messages: ChatMessage[],
    extra: object,
    maxTokens: number | undefined,
    signal: AbortSignal,
  ): Promise<Response> {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      signal,
      body: JSON.stringify({
        model: options.model,
        messages,
        temperature: options.temperature ?? 0.2,
        ...extra,
        ...(maxTokens && { max_tokens: maxTokens }),
      }),
    });
    if (!response.ok) throw await httpError(response);
    return response;
  }

  /** Why an aborted call stopped: the whole call's limit, or a stream's idle or total limit. */
  function timeoutReason(streamed: boolean, idle: AbortSignal): string {
    if (!streamed) return `no answer within ${options.timeoutMs} ms`;
    return idle.aborted
      ? `no data for ${options.timeoutMs} ms`
      : 'the stream ran past its total limit';
  }

  /** A streamed answer's text and usage; each chunk calls `onChunk`, each piece of text `onText`. */
  async function readStream(
    body: ReadableStream<Uint8Array>,
    onChunk: () => void,
    onText?: (piece: string) => void,
  ) {
    let text = '';
    let usage: ChatUsage | null = null;
    for await (const data of sseData(body)) {
      onChunk();
      const chunk = parseJson(data, 'a stream chunk') as ChunkBody;
      if (chunk.error) {
        throw new LlmCallError(`stream error: ${chunk.error.message ?? 'unknown'}`, {
          retryable: true,
        });
      }
      usage = usageOf(chunk.usage) ?? usage;
      const piece = chunk.choices?.[0]?.delta?.content ?? '';
      if (piece) {
        text += piece;
        onText?.(piece);
      }
    }
    return { text, usage };
  }

  return {
    model: options.model,
    async completeJson(messages, call = {}) {
      const idle = idleTimer(options.timeoutMs);
      const signal = options.stream
        ? AbortSignal.any([
            idle.signal,
            AbortSignal.timeout(options.streamTotalMs ?? options.timeoutMs * 4),
          ])
        : AbortSignal.timeout(options.timeoutMs);
      try {
        const format = { response_format: { type: 'json_object' }, stream: options.stream };
        const response = await post(messages, format, call.maxTokens, signal);
        // Some compatible servers ignore `stream`; their JSON answer is read as such.
        const isSse = response.headers.get('content-type')?.includes('text/event-stream');
        if (options.stream && isSse && response.body) {
          idle.touch();
          const { text } = await readStream(response.body, idle.touch);
          if (!text.trim()) throw new LlmCallError('empty answer', { retryable: true });
          return text;
        }
        const body = parseJson(await response.text(), 'the response') as CompletionBody;
        const text = body.choices?.[0]?.message?.content ?? '';
        if (!text.trim()) throw new LlmCallError('empty answer', { retryable: true });
        return text;
      } catch (error) {
        throw callFailure(
          error,
          signal.aborted ? timeoutReason(options.stream, idle.signal) : undefined,
        );
      } finally {
        idle.stop();
      }
    },

    async streamText(messages, call = {}) {
      const idle = idleTimer(options.timeoutMs);
      const total = AbortSignal.timeout(options.streamTotalMs ?? options.timeoutMs * 4);
      const signal = AbortSignal.any([idle.signal, total, ...(call.signal ? [call.signal] : [])]);
      try {
        const streamed = { stream: true, stream_options: { include_usage: true } };
        const response = await post(messages, streamed, call.maxTokens, signal);
        const isSse = response.headers.get('content-type')?.includes('text/event-stream');
        let text = '';
        let usage: ChatUsage | null = null;
        if (isSse && response.body) {
          idle.touch();
          ({ text, usage } = await readStream(response.body, idle.touch, call.onText));
        } else {
          const body = parseJson(await response.text(), 'the response') as CompletionBody;
          text = body.choices?.[0]?.message?.content ?? '';
          usage = usageOf(body.usage);
          if (text) call.onText?.(text);
        }
        if (!text.trim()) throw new LlmCallError('empty answer', { retryable: true });
        return { text, usage };
      } catch (error) {
        if (!(error instanceof LlmCallError) && call.signal?.aborted) {
          throw new LlmCallError('cancelled', { retryable: false });
        }
        throw callFailure(error, signal.aborted ? timeoutReason(true, idle.signal) : undefined);
      } finally {
        idle.stop();
      }
    },
  };
}
