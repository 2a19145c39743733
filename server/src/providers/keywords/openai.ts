import { normalizeKeyword } from '@core/keywords/dedupe';
import type { KeywordAlgorithm } from '@core/schemas/keywords';
import OpenAI from 'openai';
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources';
import {
  buildPrompt,
  categoryAnswerSchema,
  keywordsAnswerSchema,
  type ChatPrompt,
} from './openai-prompts';
import {
  KeywordProviderError,
  type KeywordSuggester,
  type SuggestionList,
  type SuggestionRequest,
  type SuggestionResult,
} from './port';

export interface OpenAiSuggesterOptions {
  apiKey: string;
  /** OpenAI's `https://api.openai.com/v1` or a compatible server's `/v1` URL. */
  baseUrl: string;
  model: string;
  timeoutMs: number;
}

type Answer = Pick<SuggestionResult, 'lists' | 'identifiedCategory'>;

/**
 * OpenAI itself wants `max_completion_tokens` (reasoning models refuse `max_tokens`);
 * compatible servers (llama.cpp, Ollama, vLLM) know `max_tokens`.
 */
export function tokenLimitField(baseUrl: string): 'max_completion_tokens' | 'max_tokens' {
  return new URL(baseUrl).hostname === 'api.openai.com' ? 'max_completion_tokens' : 'max_tokens';
}

/** Room for each phrase with its JSON quoting, plus the answer's frame. */
export function tokenLimit(algorithm: KeywordAlgorithm, size: number): number {
  const phrases = algorithm === 'category' ? 2 * size : size;
  return 40 * phrases + 100;
}

/**
 * Marks a 429 `insufficient_quota` as not retryable (the SDK's `x-should-retry` hint):
 * retrying cannot add credit, while other 429s and 5xx keep the SDK's back-off.
 */
const quotaAwareFetch = async (input: string | URL | Request, init?: RequestInit) => {
  const response = await fetch(input, init);
  if (response.status !== 429) return response;
  const body = await response.text();
  const headers = new Headers(response.headers);
  if (body.includes('insufficient_quota')) headers.set('x-should-retry', 'false');
  return new Response(body, { status: 429, statusText: response.statusText, headers });
};

/** Suggestions from any server speaking OpenAI's Chat Completions API. */
export class OpenAiSuggester implements KeywordSuggester {
  readonly source = 'openai' as const;
  readonly model: string;
  private readonly client: OpenAI;
  private readonly label: string;
  private readonly limitField: 'max_completion_tokens' | 'max_tokens';
  private readonly timeoutMs: number;
  /** Cleared once the model rejects `temperature` (reasoning models take only the default). */
  private sendTemperature = true;

  constructor(options: OpenAiSuggesterOptions) {
    this.model = options.model;
    this.timeoutMs = options.timeoutMs;
    this.limitField = tokenLimitField(options.baseUrl);
    this.label = `The language model (${options.model} at ${new URL(options.baseUrl).host})`;
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseUrl,
      timeout: options.timeoutMs,
      maxRetries: 2,
      fetch: quotaAwareFetch,
    });
  }

  async suggest(request: SuggestionRequest): Promise<SuggestionResult> {
    const prompt = buildPrompt(request);
    const completion = await this.complete(prompt, request);
    const choice = completion.choices[0];
    if (choice?.message.refusal != null || choice?.finish_reason === 'content_filter') {
      return {
        lists: emptyLists(request.algorithm),
        identifiedCategory: null,
        prompt: prompt.user,
        refused: true,
      };
    }
    return { ...this.read(request, choice?.message.content ?? ''), prompt: prompt.user };
  }

  private async complete(prompt: ChatPrompt, request: SuggestionRequest): Promise<ChatCompletion> {
    const limit = tokenLimit(request.algorithm, request.size);
    const body: ChatCompletionCreateParamsNonStreaming = {
      model: this.model,
      messages: [
        { role: 'system', content: prompt.system },
        { role: 'user', content: prompt.user },
      ],
      ...(this.sendTemperature ? { temperature: request.temperature } : {}),
      response_format: { type: 'json_object' },
      ...(this.limitField === 'max_tokens'
        ? { max_tokens: limit }
        : { max_completion_tokens: limit }),
    };
    try {
      return await this.client.chat.completions.create(body, { signal: request.signal });
    } catch (error) {
      if (
        this.sendTemperature &&
        error instanceof OpenAI.BadRequestError &&
        error.param === 'temperature'
      ) {
        this.sendTemperature = false;
        return this.complete(prompt, request);
      }
      throw this.failure(error);
    }
  }

  /** The asked-for JSON shape, else any phrases in the text (some servers' JSON mode is loose). */
  private read(request: SuggestionRequest, content: string): Answer {
    const text = content.trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
    const json = parseJson(text);
    const answer = fromShape(request, json);
    if (answer) return answer;
    const keywords = cleanKeywords(salvage(text, json), request.size);
    if (keywords.length === 0) {
      throw new KeywordProviderError(
        'bad_response',
        `${this.label} answered without any keyword phrases. Please try again.`,
      );
    }
    const lists = emptyLists(request.algorithm);
    lists[0]!.keywords = keywords;
    return { lists, identifiedCategory: null };
  }

  private failure(error: unknown): unknown {
    // The caller gave up (its own signal): not the source's failure.
    if (error instanceof OpenAI.APIUserAbortError) return error;
    if (error instanceof OpenAI.APIConnectionTimeoutError) {
      return new KeywordProviderError(
        'timeout',
        `${this.label} did not answer within ${this.timeoutMs} ms.`,
      );
    }
    if (error instanceof OpenAI.APIConnectionError) {
      return new KeywordProviderError(
        'unavailable',
        `${this.label} could not be reached; check OPENAI_BASE_URL and that the server is running.`,
      );
    }
    if (!(error instanceof OpenAI.APIError) || error.status === undefined) return error;
    const says = ` It says: ${vendorMessage(error)}`;
    switch (error.status) {
      case 401:
        return new KeywordProviderError(
          'auth',
          `${this.label} refused the API key (bad or revoked key).${says}`,
        );
      case 403:
        return new KeywordProviderError(
          'auth',
          `${this.label} denied access to the model for this key ` +
            `(project, model or region not allowed).${says}`,
        );
      case 404:
        return new KeywordProviderError(
          'auth',
          `${this.label} does not know the model or the endpoint ` +
            `(model not found; check OPENAI_MODEL and OPENAI_BASE_URL).${says}`,
        );
      case 429:
        return error.code === 'insufficient_quota' || error.type === 'insufficient_quota'
          ? new KeywordProviderError(
              'quota',
              `${this.label} has no quota left on this account (insufficient quota).${says}`,
            )
          : new KeywordProviderError(
              'rate_limit',
              `${this.label} is limiting requests; try again shortly.${says}`,
            );
    }
    const cause = error.status >= 500 ? 'is not working right now' : 'rejected the request';
    return new KeywordProviderError(
      'unavailable',
      `${this.label} ${cause} (HTTP ${error.status}).${says}`,
    );
  }
}

function emptyLists(algorithm: KeywordAlgorithm): SuggestionList[] {
  return algorithm === 'category'
    ? [
        { list: 'category', keywords: [] },
        { list: 'similar', keywords: [] },
      ]
    : [{ list: algorithm, keywords: [] }];
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The answer in the shape the prompt asked for, or null when it is not that shape. */
function fromShape(request: SuggestionRequest, json: unknown): Answer | null {
  const { algorithm, size } = request;
  if (algorithm === 'category') {
    const parsed = categoryAnswerSchema.safeParse(json);
    if (!parsed.success) return null;
    const children = cleanKeywords(parsed.data.children, size);
    const siblings = cleanKeywords(parsed.data.siblings, size);
    if (children.length + siblings.length === 0) return null;
    return {
      lists: [
        { list: 'category', keywords: children },
        { list: 'similar', keywords: siblings },
      ],
      identifiedCategory: parsed.data.category.trim() || null,
    };
  }
  const parsed = keywordsAnswerSchema.safeParse(json);
  const keywords = parsed.success ? cleanKeywords(parsed.data.keywords, size) : [];
  if (keywords.length === 0) return null;
  return { lists: [{ list: algorithm, keywords }], identifiedCategory: null };
}

/** Phrases from another shape: JSON's string lists, a cut-off JSON's quoted items, a plain list. */
function salvage(text: string, json: unknown): string[] {
  if (json !== undefined) {
    // Only list items: a lone string value is a note or a label, not a phrase.
    const lists = Array.isArray(json) ? [json] : Object.values(json ?? {}).filter(Array.isArray);
    return lists.flat().filter((v): v is string => typeof v === 'string');
  }
  // A reply cut off at the token limit: keep the complete quoted items, not the keys.
  if (/^[[{]/.test(text)) {
    return [...text.matchAll(/[[,]\s*"((?:[^"\\]|\\.)*)"(?!\s*:)/g)].map((m) =>
      m[1]!.replace(/\\(.)/g, '$1'),
    );
  }
  // A plain list; a heading line ("Here are the keywords:") is not a phrase.
  return text.split(/[,\n]/).filter((item) => !item.trim().endsWith(':'));
}

/** Trimmed, lower case, comma-free, unique phrases without list markers or quotes; ≤ `size`. */
function cleanKeywords(raw: readonly string[], size: number): string[] {
  const keywords = new Set<string>();
  for (const item of raw) {
    const keyword = normalizeKeyword(
      item
        .trim()
        .replace(/^(?:\d+[.)]|[-*•])\s+/, '')
        .replace(/^["'“”‘’`]+|["'“”‘’`.]+$/g, '')
        .replaceAll(',', ' ')
        .replace(/\s+/g, ' '),
    );
    if (/[\p{L}\p{N}]/u.test(keyword)) keywords.add(keyword);
    if (keywords.size === size) break;
  }
  return [...keywords];
}

/** The vendor's own error text, short; compatible servers may send plain text or HTML. */
function vendorMessage(error: InstanceType<typeof OpenAI.APIError>): string {
  const body = error.error as { message?: unknown } | undefined;
  const text =
    typeof body?.message === 'string' ? body.message : error.message.replace(/^\d{3}\s+/, '');
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
