import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { oneLine } from "../../internal/render.js";
import { UsageError } from "../args.js";

export const FORMATS = ["text", "json", "github", "junit", "sarif"] as const;
export type Format = (typeof FORMATS)[number];

/** The options every command with reports takes. */
export const FORMAT_FLAGS = { valued: ["format", "html"], switches: ["json"] } as const;

/** The format asked for with `--format` (or its alias `--json`); text by default. */
export function formatOf(flags: ReadonlyMap<string, string | true>): Format {
  const asked = flags.get("format");
  const json = flags.has("json");
  if (asked === undefined) return json ? "json" : "text";
  if (!(FORMATS as readonly string[]).includes(asked as string)) {
    throw new UsageError(
      `--format must be one of ${FORMATS.join(", ")}; received ${JSON.stringify(oneLine(String(asked), 100))}`,
    );
  }
  if (json && asked !== "json")
    throw new UsageError(`--json means --format json: it cannot go with --format ${String(asked)}`);
  return asked as Format;
}

/**
 * Writes the HTML report when `--html` names a file: to a temporary file beside it, then renamed,
 * so a reader never sees half a report. A file that cannot be written is a usage error naming it.
 */
export async function writeHtmlReport(path: string | true | undefined, render: () => string): Promise<void> {
  if (typeof path !== "string") return;
  const html = render();
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    // a report into a folder that is not there yet (`--html reports/check.html`) makes the folder
    await mkdir(dirname(path), { recursive: true });
    await writeFile(temporary, html, "utf8");
    await rename(temporary, path);
  } catch (error) {
    // nothing to clean where the folder cannot hold a file at all (ENOTDIR)
    await rm(temporary, { force: true }).catch(() => undefined);
    throw new UsageError(
      `cannot write the HTML report ${oneLine(path, 500)}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
}
