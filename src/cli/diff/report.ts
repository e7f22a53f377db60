import { compareTools, type ToolChange } from "../../contract.js";
import { ToolSchemaError } from "../../schema.js";
import { resolveTools } from "../../tools.js";
import { UsageError } from "../args.js";
import { toolLocator } from "../report/locate.js";
import type { ToolsSource } from "../toolsFile.js";

/** A change of `compareTools`, placed in the tools files. */
export interface LocatedChange extends ToolChange {
  /** The new tools file (annotations point at it). */
  file: string;
  /** The line of the changed schema node in the new file, or of its nearest ancestor there. */
  line?: number;
  /** The schema fragment at the path, before and after (absent when the path is not there). */
  before?: unknown;
  after?: unknown;
}

export interface DiffReport {
  old: string;
  new: string;
  breaking: number;
  compatible: number;
  /** Every tool name in either file. */
  tools: string[];
  changes: LocatedChange[];
  ok: boolean;
}

/** Compares two tools files and places each change in them. */
export function diffReport(before: ToolsSource, after: ToolsSource): DiffReport {
  let changes: ToolChange[];
  try {
    changes = compareTools(before.spec, after.spec);
  } catch (error) {
    if (error instanceof ToolSchemaError) throw new UsageError(error.message);
    throw error;
  }
  const inOld = toolLocator(before);
  const inNew = toolLocator(after);
  const located = changes.map((change): LocatedChange => {
    const old = inOld(change.tool, change.path);
    const next = inNew(change.tool, change.path);
    return {
      ...change,
      file: after.path,
      ...(next.line === undefined ? {} : { line: next.line }),
      ...("fragment" in old ? { before: old.fragment } : {}),
      ...("fragment" in next ? { after: next.fragment } : {}),
    };
  });
  const breaking = located.filter((c) => c.kind === "breaking").length;
  return {
    old: before.path,
    new: after.path,
    breaking,
    compatible: located.length - breaking,
    tools: [...new Set([...toolNames(before), ...toolNames(after)])].sort(),
    changes: located,
    ok: breaking === 0,
  };
}

function toolNames(source: ToolsSource): string[] {
  const resolved = resolveTools(source.spec);
  return resolved.kind === "schema" ? ["(schema)"] : [...resolved.tools.keys()];
}
