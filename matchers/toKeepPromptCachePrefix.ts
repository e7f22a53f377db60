import { conversationKind } from "../src/conversation.js";
import { isArray, isRecord } from "../src/internal/read.js";
import { type CacheShare, type PrefixBreak, type PrefixReport, promptPrefixReport } from "../src/promptCache.js";
import {
  boundedList,
  expected,
  expectedText,
  hint,
  type MatcherContext,
  type MatcherResult,
  matcherError,
  received,
  receivedText,
} from "./print.js";

const NAME = "toKeepPromptCachePrefix";
const LABEL = "options";
const MUST_BE =
  "a Responses, Chat Completions, Anthropic or Gemini fake, its request log (fake.requests), cassette interactions, or request bodies";

/** What `toKeepPromptCachePrefix` takes besides the requests. */
export interface KeepPrefixOptions {
  /**
   * The conversation a request belongs to: requests of one are compared in order. Default: its
   * `conversation`, else its `prompt_cache_key`, else one conversation for all.
   */
  conversationOf?: (body: Readonly<Record<string, unknown>>, request: number) => string | undefined;
  /** The least share of each request's prompt (after the first of its conversation) read from the cache, 0 to 1. */
  minCachedShare?: number;
}

/**
 * `expect(fake).toKeepPromptCachePrefix(options?)`: every request extends the prompt of the one
 * before it in its conversation (tools, instructions, then the input, in the provider's order),
 * and, with `minCachedShare`, reads at least that share of its prompt from the cache.
 */
export function toKeepPromptCachePrefix(
  this: MatcherContext,
  requests: unknown,
  options: KeepPrefixOptions = {},
): MatcherResult {
  const values = valuesOf(this, requests);
  const min = options.minCachedShare;
  if (min !== undefined && !(typeof min === "number" && min >= 0 && min <= 1))
    matcherError(this, NAME, LABEL, "minCachedShare", "a number from 0 to 1", min);
  if (options.conversationOf !== undefined && typeof options.conversationOf !== "function")
    matcherError(this, NAME, LABEL, "conversationOf", "a function", options.conversationOf);
  const report = promptPrefixReport(values, options.conversationOf ? { conversationOf: options.conversationOf } : {});
  const short = min === undefined ? [] : report.shares.filter((s) => s.promptTokens > 0 && shareOf(s) < min);
  const pass = report.breaks.length === 0 && short.length === 0;
  return { pass, message: () => message(this, report, short, min) };
}

function valuesOf(ctx: MatcherContext, requests: unknown): unknown[] {
  const kind = conversationKind(requests);
  if (
    kind === "responses-fake" ||
    kind === "chat-fake" ||
    kind === "anthropic-fake" ||
    kind === "gemini-fake" ||
    kind === "bedrock-fake" ||
    kind === "requests"
  )
    return logOf(requests, kind);
  if (isArray(requests) && requests.length > 0 && requests.every(isRecord)) return requests;
  return matcherError(ctx, NAME, LABEL, "received", MUST_BE, requests);
}

/** The log entries themselves (their answers carry the usage), not only their bodies. */
function logOf(requests: unknown, kind: string): unknown[] {
  return kind === "requests" ? (requests as unknown[]) : ((requests as { requests: unknown[] }).requests ?? []);
}

function shareOf(share: CacheShare): number {
  return share.cachedTokens / share.promptTokens;
}

function message(ctx: MatcherContext, report: PrefixReport, short: CacheShare[], min: number | undefined): string {
  const count = `${report.requests} request${report.requests === 1 ? "" : "s"}`;
  if (ctx.isNot)
    return [
      hint(ctx, NAME, LABEL),
      "",
      `Expected: ${expectedText(ctx, "some request to break the prompt prefix of the one before it")}`,
      `Received: ${receivedText(ctx, `${count}, each extending the one before it in its conversation`)}`,
    ].join("\n");
  const lines = [...report.breaks.map((b) => breakLine(ctx, b)), ...short.map((s) => shareLine(s, min ?? 0))];
  return [
    hint(ctx, NAME, LABEL),
    "",
    `Expected: ${expectedText(ctx, `every request to extend the prompt of the one before it${min === undefined ? "" : `, reading at least ${percent(min)} of it from the cache`}`)}`,
    `Received: ${receivedText(ctx, `${lines.length} problem${lines.length === 1 ? "" : "s"} in ${count}:`)}`,
    boundedList(lines),
  ].join("\n");
}

function breakLine(ctx: MatcherContext, b: PrefixBreak): string {
  const change =
    b.before === undefined || b.after === undefined
      ? `drops ${b.path}`
      : `changes ${b.path} at character ${b.at} (${expected(ctx, b.before, 60)} → ${received(ctx, b.after, 60)})`;
  return `request #${b.request} ${change}: ${tokens(b.lostTokens)} cached token${b.lostTokens === 1 ? "" : "s"} of request #${b.previous} lost`;
}

function shareLine(s: CacheShare, min: number): string {
  return `request #${s.request} read ${tokens(s.cachedTokens)} of ${tokens(s.promptTokens)} prompt tokens from the cache (${percent(shareOf(s))}, ${s.source === "usage" ? "its usage" : "estimated"}), under the ${percent(min)} asked for`;
}

const tokens = (n: number) => n.toLocaleString("en-US");
const percent = (share: number) => `${Math.round(share * 100)}%`;
