import { StringDecoder } from "node:string_decoder";

/**
 * Splits a stream of UTF-8 chunks into lines (a trailing `\r` is dropped, and a byte-order mark
 * at the very start), synchronously per chunk: no promise per line, and only the unfinished last
 * line is kept between chunks, so memory stays flat whatever the log's size. Linear in the input:
 * the pieces of a long line are kept apart and joined once, when its end arrives.
 */
export class LineSplitter {
  private readonly decoder = new StringDecoder("utf8");
  private pieces: string[] = [];
  private started = false;

  /** Calls `onLine` for every complete line in `chunk`. */
  push(chunk: Buffer | string, onLine: (line: string) => void): void {
    let text = typeof chunk === "string" ? chunk : this.decoder.write(chunk);
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let start = 0;
    for (let end = text.indexOf("\n"); end !== -1; end = text.indexOf("\n", start)) {
      let line = text.slice(start, end);
      if (this.pieces.length > 0) {
        this.pieces.push(line);
        line = this.pieces.join("");
        this.pieces = [];
      }
      onLine(line.charCodeAt(line.length - 1) === 13 ? line.slice(0, -1) : line);
      start = end + 1;
    }
    if (start < text.length) this.pieces.push(start === 0 ? text : text.slice(start));
  }

  /** Calls `onLine` for a last line that had no newline. */
  end(onLine: (line: string) => void): void {
    const tail = this.decoder.end();
    if (tail) this.push(tail, () => undefined);
    const last = this.pieces.join("");
    this.pieces = [];
    if (last !== "") onLine(last.endsWith("\r") ? last.slice(0, -1) : last);
  }
}
