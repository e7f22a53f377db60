import { StringDecoder } from "node:string_decoder";

/**
 * Splits a stream of UTF-8 chunks into lines (a trailing `\r` is dropped), synchronously per
 * chunk: no promise per line, and only the unfinished last line is kept between chunks, so
 * memory stays flat whatever the log's size.
 */
export class LineSplitter {
  private readonly decoder = new StringDecoder("utf8");
  private rest = "";

  /** Calls `onLine` for every complete line in `chunk`. */
  push(chunk: Buffer | string, onLine: (line: string) => void): void {
    const text = this.rest + (typeof chunk === "string" ? chunk : this.decoder.write(chunk));
    let start = 0;
    for (let end = text.indexOf("\n"); end !== -1; end = text.indexOf("\n", start)) {
      onLine(text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end));
      start = end + 1;
    }
    this.rest = text.slice(start);
  }

  /** Calls `onLine` for a last line that had no newline. */
  end(onLine: (line: string) => void): void {
    const last = this.rest + this.decoder.end();
    this.rest = "";
    if (last !== "") onLine(last.endsWith("\r") ? last.slice(0, -1) : last);
  }
}
