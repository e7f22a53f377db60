// The report model of `check`: what a run over a log comes to, and how the tallies of several
// runs (workers, files) add up. The printers in report/ read it; nothing here prints.

import type { Readable } from "node:stream";
import type { Provenance } from "../../cassetteItems.js";
import { converseUseOf } from "../../converseBlocks.js";
import { geminiCallOf } from "../../geminiParts.js";
import { oneLine } from "../../internal/render.js";
import type { ToolSpec } from "../../types.js";
import { LINE_OUTCOMES, type LineOutcome } from "../report/outcomes.js";

export { LINE_OUTCOMES, type LineOutcome };

export interface CheckFailure {
  /** The file, when the check read a directory. */
  file?: string;
  line: number;
  index?: number;
  reason: LineOutcome;
  /** The item's `name`, when it has one. */
  tool?: string;
  message: string;
}

/** What one tool's items came to: a count per outcome, and how many of them failed the run. */
export interface ToolTally {
  /** The items' `name` ({@link NO_NAME} for items without one, {@link OTHER_TOOLS} past {@link MAX_TOOL_NAMES}). */
  name: string;
  counts: Partial<Record<LineOutcome, number>>;
  items: number;
  failed: number;
}

/** Tools counted one by one; the items of any further name are counted together. */
export const MAX_TOOL_NAMES = 1000;
export const NO_NAME = "(no name)";
export const OTHER_TOOLS = "(other tools)";
const MAX_NAME_CHARS = 200;

export interface CheckReport {
  file: string;
  /** The worker threads the gate ran on (1: the main thread only). */
  threads: number;
  /** The outcomes that fail the run (`--fail-on`). */
  failOn: LineOutcome[];
  lines: number;
  blank: number;
  /** Lines whose answer holds no function call (a cassette interaction, a response of messages): nothing to gate. */
  skipped: number;
  items: number;
  counts: Record<LineOutcome, number>;
  /** Per tool name, most failures first. */
  tools: ToolTally[];
  failures: CheckFailure[];
  failed: number;
  /** With `--cache-prefix`: the requests read and the prompt-cache prefix breaks found. */
  cache?: CacheCheck;
  /** The provenance lines of the cassettes read: where their recordings came from. */
  recorded: RecordedFrom[];
  /** The lines of a verify run's drift report read (`{"drift": …}`): recordings whose answers changed shape. */
  drift?: DriftCheck;
  ok: boolean;
}

/** What a drift report said: how many recordings drifted, the first `--max-failures` of them listed. */
export interface DriftCheck {
  drifted: number;
  entries: DriftFailure[];
}

/** A drifted recording, at its line in its cassette (`reportLine`: where the report said so). */
export interface DriftFailure {
  file: string;
  line: number;
  reportLine: number;
  request: string;
  section: string;
  message: string;
}

/** A cassette's provenance line, as read (`text`: the sentence the reports print). */
export interface RecordedFrom {
  file?: string;
  line: number;
  provenance: Provenance;
  text: string;
}

/** Provenance lines kept per report (one per cassette file, so a directory of many). */
export const MAX_RECORDED = 1000;

/** What `--cache-prefix` found: the create requests of the cassettes read, and those that break the prefix. */
export interface CacheCheck {
  requests: number;
  /** How many requests break the prefix (all counted; the first `--max-failures` listed). */
  broken: number;
  breaks: CacheBreakFailure[];
}

/** A request that breaks the prompt-cache prefix, at its line (the one before it: `previousLine`). */
export interface CacheBreakFailure {
  file?: string;
  line: number;
  previousLine: number;
  path: string;
  lostTokens: number;
  message: string;
}

export interface CheckOptions {
  file: string;
  input: Readable;
  tools: ToolSpec | undefined;
  failOn: ReadonlySet<LineOutcome>;
  maxFailures: number;
  /** Called as the log is read (once per chunk or batch) with the lines read so far: throttle it. */
  onProgress?: (lines: number) => void;
  /** Worker threads to spread the gate over (1: this thread only; always 1 with `cachePrefix`). */
  threads?: number;
  /** Also check the prompt-cache prefix of the cassettes' requests (`--cache-prefix`). */
  cachePrefix?: boolean;
}

/** The counts of a run over some lines: a whole log, or one worker's share of it. */
export interface LineTally {
  blank: number;
  skipped: number;
  items: number;
  counts: Record<LineOutcome, number>;
  tools: Map<string, ToolTally>;
  failures: CheckFailure[];
  failed: number;
  cache?: CacheCheck;
  recorded: RecordedFrom[];
  drift?: DriftCheck;
}

export function emptyCounts(): Record<LineOutcome, number> {
  return Object.fromEntries(LINE_OUTCOMES.map((r) => [r, 0])) as Record<LineOutcome, number>;
}

export function toolNameOf(item: unknown): string {
  // a Gemini functionCall part, a Converse toolUse block, name their function inside
  const name =
    geminiCallOf(item)?.name ??
    converseUseOf(item)?.name ??
    (item !== null && typeof item === "object" ? (item as { name?: unknown }).name : undefined);
  if (typeof name !== "string" || name === "") return NO_NAME;
  return name.length > MAX_NAME_CHARS ? oneLine(name, MAX_NAME_CHARS) : name;
}

/**
 * Adds `count` items of one outcome to a tool's tally (a new name past the cap joins {@link OTHER_TOOLS}); returns
 * the name counted.
 */
export function countTool(
  tools: Map<string, ToolTally>,
  name: string,
  reason: LineOutcome,
  failing: boolean,
  count = 1,
): string {
  let tool = tools.get(name);
  if (tool === undefined) {
    if (tools.size >= MAX_TOOL_NAMES && name !== NO_NAME && name !== OTHER_TOOLS)
      return countTool(tools, OTHER_TOOLS, reason, failing, count);
    tool = { name, counts: {}, items: 0, failed: 0 };
    tools.set(name, tool);
  }
  tool.counts[reason] = (tool.counts[reason] ?? 0) + count;
  tool.items += count;
  if (failing) tool.failed += count;
  return name;
}

export function sortedTools(tools: Map<string, ToolTally>): ToolTally[] {
  return [...tools.values()].sort(
    (a, b) => b.failed - a.failed || b.items - a.items || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
}

/** The drift of several runs as one (nothing when none read a drift line). */
export function mergeDrift(
  parts: Array<DriftCheck | undefined>,
  maxFailures: number,
  order: (entries: DriftFailure[]) => DriftFailure[],
): { drift?: DriftCheck } {
  const present = parts.filter((d) => d !== undefined);
  if (present.length === 0) return {};
  return {
    drift: {
      drifted: present.reduce((total, d) => total + d.drifted, 0),
      entries: order(present.flatMap((d) => d.entries)).slice(0, maxFailures),
    },
  };
}

/** Adds up the per-tool tallies of several runs, within the same cap on names. */
export function mergeTools(lists: Iterable<ToolTally>[]): Map<string, ToolTally> {
  const tools = new Map<string, ToolTally>();
  for (const list of lists) {
    for (const tool of list) {
      for (const [reason, count] of Object.entries(tool.counts) as [LineOutcome, number][])
        countTool(tools, tool.name, reason, false, count);
      const merged = tools.get(tool.name) ?? tools.get(OTHER_TOOLS)!;
      merged.failed += tool.failed;
    }
  }
  return tools;
}
