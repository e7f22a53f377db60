// What a CI log can show: GitHub Actions reads a line as a workflow command when it starts with
// `::` (after white space), or when it holds `##[` anywhere (the older syntax). Reports carry tool
// names, property paths, file names and argument values from the files they read: none of them
// may become a command. Each format is defused in a way that keeps it what it is.
import { randomBytes } from "node:crypto";
import type { Format } from "./format.js";

/** A line break as the runner reads one: `\r\n`, `\n`, or a lone `\r`. */
const LINE_BREAK = /\r\n|\r|\n/;
/** White space that .NET trims at the start of a line (JavaScript's `\s`, and NEL). */
const LEADING_COMMAND = /^([\s\u0085]*)::/;

/**
 * Text with no line a runner reads as a command: `##[` becomes `#\u0023[` and a leading `::`
 * becomes `\u003a:`, shown as those escapes (a name that needs them is hostile, and the reader
 * should see it is).
 */
export function defuseText(text: string): string {
  return defuseLines(text, "#\\u0023[", "\\u003a:");
}

/** `##[` shown as `#\u0023[`: in JSON text the same value, elsewhere a visible escape. */
export function escapeOldSyntax(text: string): string {
  return text.replaceAll("##[", "#\\u0023[");
}

/**
 * JSON text (json, sarif) with no command in it (see {@link escapeOldSyntax}); JSON has no line breaks inside
 * strings.
 */
export function defuseJson(json: string): string {
  return escapeOldSyntax(json);
}

/** XML (junit) with no command in it: character references, which every XML reader decodes back. */
export function defuseXml(xml: string): string {
  return defuseLines(xml, "&#35;#[", "&#58;:");
}

/** Each line with `##[` written as `oldSyntax`, and a leading `::` as `leadingColons`. */
function defuseLines(text: string, oldSyntax: string, leadingColons: string): string {
  return text
    .split(LINE_BREAK)
    .map((line) => line.replaceAll("##[", oldSyntax).replace(LEADING_COMMAND, `$1${leadingColons}`))
    .join("\n");
}

/** A rendered report as it may be printed: defused for its format (github defuses its own text part). */
export function logSafe(format: Format, output: string): string {
  switch (format) {
    case "text":
      return defuseText(output);
    case "json":
    case "sarif":
      return defuseJson(output);
    case "junit":
      return defuseXml(output);
    case "github":
      return output;
  }
}

/**
 * Text for a GitHub Actions log, defused and with command processing stopped around it
 * (`::stop-commands::<token>` … `::<token>::`, a fresh unguessable token each time), so that
 * nothing in it can act as a workflow command even where an escape were missed.
 */
export function withoutCommands(text: string, token = randomBytes(16).toString("hex")): string {
  return `::stop-commands::${token}\n${defuseText(text)}\n::${token}::`;
}
