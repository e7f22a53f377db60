/** JSON Pointer escaping of one reference token. */
export function escapePointer(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** The reference tokens of a JSON Pointer, unescaped. */
export function pointerTokens(pointer: string): string[] {
  return pointer === ""
    ? []
    : pointer
        .slice(1)
        .split("/")
        .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** Most values indexed: a tools file is small, and past this a line is just not found. */
const MAX_INDEXED = 200_000;

/**
 * The line (1-based) on which each value of a JSON text starts, keyed by JSON Pointer. Reads
 * text that `JSON.parse` accepted; iterative, so nesting depth is no risk; a key given twice
 * keeps its last place, as `JSON.parse` keeps its last value.
 */
export function jsonLineIndex(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  const frames: { pointer: string; array: boolean; index: number }[] = [];
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const skipSpace = () => {
    for (;;) {
      const code = text.charCodeAt(at);
      if (code === 10) line++;
      else if (code !== 32 && code !== 9 && code !== 13) return;
      at++;
    }
  };
  const readString = (): string => {
    const start = at++;
    while (at < text.length && text.charCodeAt(at) !== 34) at += text.charCodeAt(at) === 92 ? 2 : 1;
    at++;
    return JSON.parse(text.slice(start, at)) as string;
  };
  const readKey = (): string => {
    skipSpace();
    const key = readString();
    skipSpace();
    at++; // the colon
    return escapePointer(key);
  };
  let pointer = "";
  value: for (;;) {
    skipSpace();
    if (lines.size >= MAX_INDEXED) return lines;
    lines.set(pointer, line);
    const code = text.charCodeAt(at);
    if (code === 123 || code === 91) {
      const frame = { pointer, array: code === 91, index: 0 };
      at++;
      skipSpace();
      if (text.charCodeAt(at) !== (frame.array ? 93 : 125)) {
        frames.push(frame);
        pointer = frame.array ? `${frame.pointer}/0` : `${frame.pointer}/${readKey()}`;
        continue;
      }
      at++;
    } else if (code === 34) {
      readString();
    } else {
      while (at < text.length && !",]} \t\r\n".includes(text[at]!)) at++;
    }
    // After a value: a comma starts the next one; a bracket closes its container.
    for (;;) {
      const frame = frames.at(-1);
      if (frame === undefined) return lines;
      skipSpace();
      if (at >= text.length) return lines;
      if (text.charCodeAt(at) === 44) {
        at++;
        frame.index++;
        pointer = frame.array ? `${frame.pointer}/${frame.index}` : `${frame.pointer}/${readKey()}`;
        continue value;
      }
      at++;
      frames.pop();
    }
  }
}
