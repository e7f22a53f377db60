// The prompt cache as the provider documents it (the prompt-caching guide): a prompt is cached
// from 1,024 tokens on, in blocks of 128 tokens; a request reuses the longest prefix of blocks it
// shares with an earlier request under the same `prompt_cache_key`, while that prefix is kept
// (in memory: 10 minutes after its last use; `prompt_cache_retention: "24h"`: a day). The prompt
// is built in the provider's order: tools, instructions, then the input. Tokens are the toolkit's
// estimate, four characters each.
import { finalResponse, isRecord } from "./internal/read.js";
import { describeValue } from "./internal/render.js";
import { asResponsesExchange, type Wire } from "./wires.js";

/** The smallest prompt the provider caches, in tokens. */
export const CACHE_MIN_TOKENS = 1024;
/** The size of a cached block, in tokens. */
export const CACHE_BLOCK_TOKENS = 128;
const CHARS_PER_TOKEN = 4;
const BLOCK_CHARS = CACHE_BLOCK_TOKENS * CHARS_PER_TOKEN;
/** How long an in-memory prefix is kept after its last use, and a `"24h"` one. */
export const CACHE_RETENTION_MS = { in_memory: 10 * 60 * 1000, "24h": 24 * 60 * 60 * 1000 } as const;
/** The least lifetime `prompt_cache_options.ttl` asks for. */
export const CACHE_TTL_MS = { "30m": 30 * 60 * 1000, "12h": 12 * 60 * 60 * 1000 } as const;

/** One piece of a prompt, in the provider's order, with where it is in the request (a JSON pointer). */
export interface PromptPiece {
  readonly path: string;
  readonly text: string;
  /** The characters of `text` before the value (a tool field's `key=`); the value is what is reported. */
  readonly lead?: number;
}

/** What a prompt is built from: a request body's `tools`, `instructions` and `input`. */
export interface PromptParts {
  readonly tools?: unknown;
  readonly instructions?: unknown;
  readonly input?: unknown;
}

/** Keys of an input item that are bookkeeping: they are not part of the prompt the model reads. */
const NOT_PROMPT = new Set(["id", "status", "type", "role", "annotations", "logprobs"]);
/** How deep a value is followed: deeper parts are one piece, as JSON. */
const MAX_DEPTH = 32;

/**
 * The pieces of a prompt, in the provider's order: each tool's fields (key and value, so that a
 * reordered tool changes the prompt), the instructions, then each input item (its kind and role,
 * then its text). A string `input` is one user message; a message's string `content` reads as its
 * one text part. Ids and statuses are left out: the model never reads them.
 */
export function promptPieces(parts: PromptParts): PromptPiece[] {
  const pieces = headPieces(parts);
  itemPieces(inputItems(parts.input), 0, pieces);
  return pieces;
}

/** The pieces before the input: the tools' fields, then the instructions. */
export function headPieces(parts: Omit<PromptParts, "input">): PromptPiece[] {
  const pieces: PromptPiece[] = [];
  if (Array.isArray(parts.tools))
    parts.tools.forEach((tool, i) => {
      walk(tool, `/tools/${i}`, 0, pieces, true, new WeakSet());
    });
  if (typeof parts.instructions === "string" && parts.instructions !== "")
    pieces.push({ path: "/instructions", text: parts.instructions });
  return pieces;
}

/** A request's `input` as items: a string is one user message. */
function inputItems(input: unknown): readonly unknown[] {
  return typeof input === "string" ? [{ role: "user", content: input }] : Array.isArray(input) ? input : [];
}

/**
 * The pieces of input items, the first at `/input/<start>`: each item's kind and role, then its
 * text. Each item is read on its own (what one item shares with another is read again), so that
 * the pieces of a conversation are its items' pieces one after another.
 */
export function itemPieces(items: readonly unknown[], start: number, into: PromptPiece[] = []): PromptPiece[] {
  items.forEach((item, i) => {
    const seen = new WeakSet<object>();
    const at = `/input/${start + i}`;
    if (!isRecord(item)) {
      walk(item, at, 0, into, false, seen);
      return;
    }
    const kind = typeof item.type === "string" ? item.type : "message";
    into.push({ path: at, text: `<${kind}${typeof item.role === "string" ? `:${item.role}` : ""}>` });
    for (const [key, value] of Object.entries(item))
      if (!NOT_PROMPT.has(key)) walk(value, `${at}/${pointer(key)}`, 1, into, false, seen);
  });
  return into;
}

/**
 * The pieces of a value. An object met again (a value built in code, not parsed from JSON, that
 * refers to itself or shares a part) is one piece the second time, its bounded description (the
 * same for the same value in every request): walked again, an object that refers to itself twice
 * is 2³² paths at this depth.
 */
function walk(
  value: unknown,
  path: string,
  depth: number,
  into: PromptPiece[],
  keyed: boolean,
  seen: WeakSet<object>,
): void {
  if (value === undefined) return;
  if (value !== null && typeof value === "object") {
    if (seen.has(value)) {
      into.push({ path, text: describeValue(value, 2000) });
      return;
    }
    seen.add(value);
  }
  if (depth >= MAX_DEPTH || value === null || typeof value !== "object") {
    const text = typeof value === "string" ? value : leafText(value);
    if (text === undefined || text === "") return;
    const key = `${path.split("/").pop()}=`;
    into.push(keyed ? { path, text: `${key}${text}`, lead: key.length } : { path, text });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((entry, i) => {
      walk(entry, `${path}/${i}`, depth + 1, into, keyed, seen);
    });
    return;
  }
  for (const [key, entry] of Object.entries(value))
    if (keyed || !NOT_PROMPT.has(key)) walk(entry, `${path}/${pointer(key)}`, depth + 1, into, keyed, seen);
}

/**
 * A value as one piece: a primitive's JSON; an object deeper than the walk goes, a bounded
 * description (JSON.stringify of a value built in code may never end: shared parts, cycles).
 */
function leafText(value: unknown): string | undefined {
  if (value !== null && typeof value === "object") return describeValue(value, 2000);
  try {
    return JSON.stringify(value);
  } catch {
    return describeValue(value, 2000);
  }
}

/** A key as one step of a JSON pointer (RFC 6901). */
function pointer(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** The characters of a prompt. */
export function promptLength(pieces: readonly PromptPiece[]): number {
  let length = 0;
  for (const piece of pieces) length += piece.text.length;
  return length;
}

/** The tokens of a prefix of this many characters that a cache can hold: whole blocks, from 1,024 tokens on. */
export function cacheableTokens(characters: number): number {
  const blocks = Math.floor(characters / BLOCK_CHARS);
  const tokens = blocks * CACHE_BLOCK_TOKENS;
  return tokens >= CACHE_MIN_TOKENS ? tokens : 0;
}

/** Where two prompts part: the first piece that differs, and the characters they share before it. */
export interface PromptDivergence {
  /** The characters the two prompts share from their start. */
  readonly sharedCharacters: number;
  /** Within the piece, the first character that differs. */
  readonly at: number;
  readonly before: PromptPiece | undefined;
  readonly after: PromptPiece | undefined;
}

/**
 * Where `after` stops extending `before` (undefined when it extends it, or is the same prompt).
 * The texts are compared, not where they stand in the JSON: the provider tokenizes the text, so the
 * same words in another of the API's shapes (an answer sent back as `{ role, content: "…" }` where
 * the response had an `output_text` part) are the same prompt.
 */
export function divergence(
  before: readonly PromptPiece[],
  after: readonly PromptPiece[],
): PromptDivergence | undefined {
  let shared = 0;
  for (let i = 0; i < before.length; i++) {
    const old = before[i];
    const now = after[i];
    if (old === undefined) break;
    if (now !== undefined && old.text === now.text) {
      shared += old.text.length;
      continue;
    }
    let at = 0;
    if (now !== undefined) while (at < old.text.length && at < now.text.length && old.text[at] === now.text[at]) at++;
    return { sharedCharacters: shared + at, at, before: old, after: now };
  }
  return undefined;
}

/**
 * A prompt's hash, one per whole block (each of everything before it too: a chain), under a cache
 * key; extended piece by piece. `fork` gives a copy to extend apart (a response chain extends the
 * hash of the history before it, never re-reads it): the blocks so far are shared, not copied,
 * until both are extended.
 */
export class PromptHash {
  #blocks: string[];
  #count: number;
  #a: number;
  #b: number;
  #filled: number;
  #characters: number;

  private constructor(blocks: string[], count: number, a: number, b: number, filled: number, characters: number) {
    this.#blocks = blocks;
    this.#count = count;
    this.#a = a;
    this.#b = b;
    this.#filled = filled;
    this.#characters = characters;
  }

  /** An empty prompt under `key` (a `prompt_cache_key`, or ""). */
  static of(key: string): PromptHash {
    return new PromptHash([], 0, fnv(0x811c9dc5, key), fnv(0x01000193, key), 0, 0);
  }

  extend(pieces: readonly PromptPiece[]): this {
    // another fork extended the shared blocks past this one's: take a copy of this one's own
    if (this.#blocks.length !== this.#count) this.#blocks = this.#blocks.slice(0, this.#count);
    let a = this.#a;
    let b = this.#b;
    let filled = this.#filled;
    for (const piece of pieces) {
      const text = piece.text;
      this.#characters += text.length;
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        a = Math.imul(a ^ code, 0x01000193) >>> 0;
        b = Math.imul(b ^ code, 0x01000197) >>> 0;
        if (++filled === BLOCK_CHARS) {
          this.#blocks.push(`${a.toString(36)}.${b.toString(36)}.${this.#blocks.length}`);
          filled = 0;
        }
      }
    }
    this.#a = a;
    this.#b = b;
    this.#filled = filled;
    this.#count = this.#blocks.length;
    return this;
  }

  fork(): PromptHash {
    return new PromptHash(this.#blocks, this.#count, this.#a, this.#b, this.#filled, this.#characters);
  }

  /** The hashes of the whole blocks so far. */
  get blocks(): readonly string[] {
    return this.#blocks.length === this.#count ? this.#blocks : this.#blocks.slice(0, this.#count);
  }

  /** The characters hashed so far. */
  get characters(): number {
    return this.#characters;
  }
}

/**
 * A prompt cache: the blocks of prompts seen, by cache key, each kept until its retention ends.
 * `use` answers how many tokens of a prompt were cached, then keeps (or refreshes) its blocks.
 */
export class PromptCache {
  readonly #blocks = new Map<string, number>();
  readonly #limit: number;

  /** `limit`: the most blocks kept (the oldest go first), so that a fake's memory stays bounded. */
  constructor(limit = 200_000) {
    this.#limit = limit;
  }

  /** `minTokens`: the smallest prompt the provider caches (OpenAI's 1,024; a Gemini Pro model's 4,096). */
  use(prompt: PromptHash, now: number, retentionMs: number, minTokens = CACHE_MIN_TOKENS): number {
    const hashes = prompt.blocks;
    let matched = 0;
    while (matched < hashes.length && (this.#blocks.get(hashes[matched] ?? "") ?? -1) > now) matched++;
    if (hashes.length * CACHE_BLOCK_TOKENS >= minTokens)
      for (const hash of hashes) {
        this.#blocks.delete(hash);
        this.#blocks.set(hash, now + retentionMs);
      }
    this.#evict(now);
    const tokens = matched * CACHE_BLOCK_TOKENS;
    return tokens >= minTokens ? tokens : 0;
  }

  clear(): void {
    this.#blocks.clear();
  }

  #evict(now: number): void {
    for (const [hash, expires] of this.#blocks) {
      if (this.#blocks.size <= this.#limit && expires > now) break;
      this.#blocks.delete(hash);
    }
  }
}

function fnv(seed: number, text: string): number {
  let hash = seed;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/** A request that does not extend the prompt of the request before it in its conversation. */
export interface PrefixBreak {
  /** The request (its place in what was given, from 1). */
  readonly request: number;
  /** The request before it in its conversation. */
  readonly previous: number;
  /** Where the prompts part: a JSON pointer into the request (`/instructions`, `/input/2/content/0/text`). */
  readonly path: string;
  /** The character of that value where they part. */
  readonly at: number;
  /** The two values around that character (bounded); undefined where one prompt has nothing. */
  readonly before: string | undefined;
  readonly after: string | undefined;
  /** The cached tokens of the previous request's prompt that this one cannot reuse. */
  readonly lostTokens: number;
}

/** How much of a request's prompt was (or could be) read from the cache. */
export interface CacheShare {
  readonly request: number;
  readonly cachedTokens: number;
  readonly promptTokens: number;
  /** `usage`: the answer's own figures (a fake's, or a recorded provider's); `estimate`: from the prompts. */
  readonly source: "usage" | "estimate";
}

export interface PrefixReport {
  /** The create requests read (other requests, a GET or a compaction, are not prompts). */
  readonly requests: number;
  readonly breaks: readonly PrefixBreak[];
  /** One per request after the first of its conversation, where it can be told. */
  readonly shares: readonly CacheShare[];
}

export interface PrefixOptions {
  /**
   * The conversation a request belongs to (its requests are compared in order). Default: its
   * `conversation`, else its `prompt_cache_key`, else one conversation for all.
   */
  readonly conversationOf?: (body: Readonly<Record<string, unknown>>, request: number) => string | undefined;
}

/** What a request log entry, a cassette interaction or a bare body holds: the body and the answer. */
interface Exchange {
  readonly request: number;
  readonly body: Readonly<Record<string, unknown>>;
  readonly answer: { body?: unknown; events?: readonly unknown[] } | undefined;
}

/**
 * The prompt-cache report of a list of requests: each request's bodies (a fake's log entries,
 * cassette interactions, or bodies), grouped by conversation; a stateless request must extend the
 * whole prompt of the one before it, a chained one (`previous_response_id`, `conversation`) its tools
 * and instructions (the provider appends the rest).
 */
export function promptPrefixReport(values: readonly unknown[], options: PrefixOptions = {}): PrefixReport {
  const tracker = prefixTracker(options);
  const breaks: PrefixBreak[] = [];
  const shares: CacheShare[] = [];
  let requests = 0;
  values.forEach((value, i) => {
    const found = tracker.add(value, i + 1);
    if (found === undefined) return;
    requests++;
    if (found.break) breaks.push(found.break);
    if (found.share) shares.push(found.share);
  });
  return { requests, breaks, shares };
}

/** What one request came to: undefined for a value that is no create request. */
export interface PrefixFinding {
  readonly break?: PrefixBreak;
  readonly share?: CacheShare;
}

/**
 * The report one request at a time, for a stream (the CLI reads a cassette line by line): it keeps
 * only the last request's prompt of each conversation.
 */
export function prefixTracker(options: PrefixOptions = {}): {
  add(value: unknown, request: number): PrefixFinding | undefined;
} {
  // per conversation: the request before, the length of its prompt, and its prompt with its answer after it
  const last = new Map<string, { request: number; prompt: number; pieces: PromptPiece[] }>();
  const conversationOf = options.conversationOf ?? defaultConversation;
  return {
    add(value, request) {
      const exchange = exchangeOf(value, request);
      if (exchange === undefined) return undefined;
      const group = conversationOf(exchange.body, request) ?? "";
      const chained = isChained(exchange.body);
      const pieces = promptPieces(chained ? { ...exchange.body, input: undefined } : exchange.body);
      const before = last.get(group);
      last.set(group, {
        request,
        prompt: promptLength(pieces),
        pieces: chained ? pieces : withOutput(exchange, pieces),
      });
      if (before === undefined) return {};
      // a chained request's history is the provider's to append: only what comes before it can change
      const previous = chained ? before.pieces.filter((p) => !p.path.startsWith("/input")) : before.pieces;
      const parted = divergence(previous, pieces);
      const lost =
        parted === undefined
          ? 0
          : cacheableTokens(before.prompt) - cacheableTokens(Math.min(parted.sharedCharacters, before.prompt));
      const shared = chained ? undefined : Math.min(parted?.sharedCharacters ?? before.prompt, before.prompt);
      const share = shareOf(exchange, pieces, shared);
      return {
        // a change that loses no cached token (a prompt too short to cache, a change past its last block) is no break
        ...(parted === undefined || lost <= 0 ? {} : { break: breakOf(request, before.request, parted, lost) }),
        ...(share === undefined ? {} : { share }),
      };
    },
  };
}

function exchangeOf(value: unknown, request: number): Exchange | undefined {
  if (!isRecord(value)) return undefined;
  // a fake's log entry says which route parsed it; a cassette's interaction, its path
  const route = "route" in value ? value.route : undefined;
  const path = isRecord(value.request) ? value.request.path : undefined;
  const wire = wireOf(route, path);
  if ("route" in value && route !== "responses.create" && wire === undefined) return undefined;
  if (typeof path === "string" && !/\/responses(\?|$)/.test(path) && wire === undefined) return undefined;
  // a log entry or a cassette interaction: the body it sent, the answer it got
  const body = isRecord(value.request) ? value.request.body : "response" in value ? value.body : value;
  const answer = isRecord(value.response) ? value.response : undefined;
  if (!isRecord(body)) return undefined;
  // another wire's request: read in the Responses API's terms (its messages as the input)
  const other = wire ?? wireOfBody(body);
  if (other !== undefined) {
    const shaped = asResponsesExchange(body, answer, other);
    return { request, body: shaped.body, answer: shaped.answer };
  }
  if (!isCreateBody(body)) return undefined;
  return { request, body, answer };
}

/** The other wire a log entry's route or a recording's path names, if any. */
function wireOf(route: unknown, path: unknown): Wire | undefined {
  if (route === "chat.completions.create" || (typeof path === "string" && /\/chat\/completions(\?|$)/.test(path)))
    return "chat-completions";
  if (route === "messages.create" || (typeof path === "string" && /\/v1\/messages(\?|$)/.test(path)))
    return "anthropic";
  if (
    route === "models.generateContent" ||
    route === "models.generateContentStream" ||
    (typeof path === "string" && /:(stream)?generateContent(\?|$)/i.test(path))
  )
    return "gemini";
  if (
    route === "converse" ||
    route === "converseStream" ||
    (typeof path === "string" && /^\/model\/[^/]+\/converse(-stream)?(\?|$)/.test(path))
  )
    return "bedrock";
  return undefined;
}

/** A body of another wire, told by its fields: Chat's `messages` without `max_tokens`, Anthropic's with it. */
function wireOfBody(body: Record<string, unknown>): Wire | undefined {
  if (Array.isArray(body.contents) && !("input" in body) && !("messages" in body)) return "gemini";
  if (!Array.isArray(body.messages) || "input" in body) return undefined;
  return "max_tokens" in body || "system" in body ? "anthropic" : "chat-completions";
}

/** A create body: a model or input, and nothing of another endpoint (an Agents batch, a compaction's own). */
function isCreateBody(body: Record<string, unknown>): boolean {
  return ("input" in body || "model" in body || "prompt" in body) && !("events" in body) && !("agent" in body);
}

function isChained(body: Readonly<Record<string, unknown>>): boolean {
  return (
    (body.previous_response_id !== undefined && body.previous_response_id !== null) ||
    (body.conversation !== undefined && body.conversation !== null)
  );
}

function defaultConversation(body: Readonly<Record<string, unknown>>): string | undefined {
  const conversation = typeof body.conversation === "string" ? body.conversation : readId(body.conversation);
  if (conversation !== undefined) return `conversation ${conversation}`;
  return typeof body.prompt_cache_key === "string" ? `key ${body.prompt_cache_key}` : undefined;
}

function readId(value: unknown): string | undefined {
  return isRecord(value) && typeof value.id === "string" ? value.id : undefined;
}

/**
 * A request's prompt (its `pieces`) with its answer's output after its input: what the next
 * stateless request extends.
 */
function withOutput(exchange: Exchange, pieces: readonly PromptPiece[]): PromptPiece[] {
  const output = finalResponse(exchange.answer)?.output;
  if (!Array.isArray(output) || output.length === 0) return [...pieces];
  return itemPieces(output, inputItems(exchange.body.input).length, [...pieces]);
}

function breakOf(request: number, previous: number, parted: PromptDivergence, lostTokens: number): PrefixBreak {
  const piece = parted.after ?? parted.before;
  const lead = piece?.lead ?? 0;
  const at = Math.max(0, parted.at - lead);
  return {
    request,
    previous,
    path: piece?.path ?? "",
    at,
    before: excerpt(parted.before?.text.slice(parted.before.lead ?? 0), at),
    after: excerpt(parted.after?.text.slice(parted.after.lead ?? 0), at),
    lostTokens,
  };
}

const EXCERPT = 16;

/** The text around character `at`, with "…" where it was cut. */
function excerpt(text: string | undefined, at: number): string | undefined {
  if (text === undefined) return undefined;
  const start = Math.max(0, at - EXCERPT);
  const end = Math.min(text.length, at + EXCERPT);
  return `${start > 0 ? "…" : ""}${text.slice(start, end)}${end < text.length ? "…" : ""}`;
}

/** The answer's own cache figures when it has them; else, for a stateless request, the estimate. */
function shareOf(
  exchange: Exchange,
  pieces: readonly PromptPiece[],
  shared: number | undefined,
): CacheShare | undefined {
  const usage = finalResponse(exchange.answer)?.usage;
  const input = isRecord(usage) ? usage.input_tokens : undefined;
  const details = isRecord(usage) ? usage.input_tokens_details : undefined;
  const cached = isRecord(details) ? details.cached_tokens : undefined;
  if (typeof input === "number" && typeof cached === "number")
    return { request: exchange.request, cachedTokens: cached, promptTokens: input, source: "usage" };
  if (shared === undefined) return undefined;
  return {
    request: exchange.request,
    cachedTokens: cacheableTokens(shared),
    promptTokens: Math.ceil(promptLength(pieces) / CHARS_PER_TOKEN),
    source: "estimate",
  };
}
