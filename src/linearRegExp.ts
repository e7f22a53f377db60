/**
 * A linear-time engine for JSON Schema `pattern`s, given to Ajv as its `code.regExp`. Tool
 * schemas come from anywhere: with a backtracking engine a pattern such as `^(a+)+$` takes
 * seconds on 28 characters, and one log line can hang `agent-testkit check`. Here a pattern is
 * compiled to an NFA and run as a set of states (Thompson's construction): time grows with
 * pattern size × input length, whatever the pattern.
 *
 * It reads the ECMAScript syntax that schemas use, with the `u` flag: literals and escapes,
 * classes (`[a-z]`, `\d \w \s` and their negations, `.`), groups (capturing, `(?:…)`, named),
 * alternation, greedy and lazy quantifiers (`* + ? {n} {n,} {n,m}`), anchors `^ $` and `\b \B`.
 * Backreferences and lookaround need backtracking: such a pattern — or one whose counted repeats
 * would build more than {@link MAX_STATES} states — falls back to the native `RegExp`.
 */

type CodeTest = (code: number) => boolean;
type Node =
  | { kind: "char"; test: CodeTest }
  | { kind: "seq"; items: Node[] }
  | { kind: "alt"; options: Node[] }
  | { kind: "repeat"; node: Node; min: number; max: number }
  | { kind: "assert"; at: (codes: number[], pos: number) => boolean; anchor?: "start" | "end"; wordBoundary?: boolean };

/** A pattern feature this engine leaves to the native one. */
class NeedsBacktracking extends Error {}

/** The most NFA states a pattern may compile to (counted repeats are copied out). */
export const MAX_STATES = 20_000;

const isDigit: CodeTest = (c) => c >= 48 && c <= 57;
const isWord: CodeTest = (c) => isDigit(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const SPACE = /\s/u;
const isSpace: CodeTest = (c) => SPACE.test(String.fromCodePoint(c));
const isLineTerminator: CodeTest = (c) => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
const not =
  (test: CodeTest): CodeTest =>
  (c) =>
    !test(c);

class Parser {
  private i = 0;
  constructor(private readonly src: number[]) {}

  parse(): Node {
    const node = this.alternation();
    if (this.i < this.src.length) throw new NeedsBacktracking(); // an unbalanced ")": let RegExp judge it
    return node;
  }

  private peek(offset = 0): number | undefined {
    return this.src[this.i + offset];
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.peek() === 0x7c /* | */) {
      this.i++;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0]! : { kind: "alt", options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.i < this.src.length && this.peek() !== 0x7c && this.peek() !== 0x29 /* ) */)
      items.push(this.quantified());
    return { kind: "seq", items };
  }

  private quantified(): Node {
    const atom = this.atom();
    const c = this.peek();
    let min: number;
    let max: number;
    if (c === 0x2a /* * */) [min, max] = [0, Infinity];
    else if (c === 0x2b /* + */) [min, max] = [1, Infinity];
    else if (c === 0x3f /* ? */) [min, max] = [0, 1];
    else if (c === 0x7b /* { */) {
      const rest = String.fromCodePoint(...this.src.slice(this.i, this.i + 32));
      const match = /^\{(\d+)(,(\d*))?\}/.exec(rest);
      if (!match) return atom; // a literal "{" (RegExp rejects it under `u` anyway)
      min = Number(match[1]);
      max = match[2] === undefined ? min : match[3] === "" ? Infinity : Number(match[3]);
      this.i += match[0].length - 1;
    } else return atom;
    this.i++;
    if (this.peek() === 0x3f) this.i++; // lazy: the same strings match
    return { kind: "repeat", node: atom, min, max };
  }

  private atom(): Node {
    const c = this.src[this.i++]!;
    switch (c) {
      case 0x28 /* ( */:
        {
          if (this.peek() === 0x3f /* ? */) {
            const kind = this.peek(1);
            if (kind === 0x3a /* : */) this.i += 2;
            else if (kind === 0x3c /* < */ && this.peek(2) !== 0x3d && this.peek(2) !== 0x21) {
              while (this.i < this.src.length && this.src[this.i] !== 0x3e /* > */) this.i++;
              this.i++;
            } else throw new NeedsBacktracking(); // lookahead / lookbehind
          }
          const inner = this.alternation();
          if (this.src[this.i++] !== 0x29) throw new NeedsBacktracking();
          return inner;
        }
      case 0x5b /* [ */:
        return { kind: "char", test: this.charClass() };
      case 0x2e /* . */:
        return { kind: "char", test: not(isLineTerminator) };
      case 0x5e /* ^ */:
        return { kind: "assert", at: (_codes, pos) => pos === 0, anchor: "start" };
      case 0x24 /* $ */:
        return { kind: "assert", at: (codes, pos) => pos === codes.length, anchor: "end" };
      case 0x5c /* \ */:
        return this.escape();
      default:
        return { kind: "char", test: (code) => code === c };
    }
  }

  private escape(): Node {
    const c = this.src[this.i];
    if (c === 0x62 /* b */ || c === 0x42 /* B */) {
      this.i++;
      const boundary = (codes: number[], pos: number) =>
        (pos > 0 && isWord(codes[pos - 1]!)) !== (pos < codes.length && isWord(codes[pos]!));
      return { kind: "assert", at: c === 0x62 ? boundary : (codes, pos) => !boundary(codes, pos), wordBoundary: true };
    }
    if (c !== undefined && c >= 0x31 && c <= 0x39) throw new NeedsBacktracking(); // \1 … \9
    if (c === 0x6b /* k */) throw new NeedsBacktracking(); // \k<name>
    return { kind: "char", test: this.escapeAtom().test };
  }

  /** An escape (after the backslash), inside or outside a class: its test, and its code point when it names one. */
  private escapeAtom(): { test: CodeTest; code?: number } {
    const c = this.src[this.i++];
    const one = (code: number) => ({ test: (x: number) => x === code, code });
    switch (c) {
      case 0x64:
        return { test: isDigit }; // \d
      case 0x44:
        return { test: not(isDigit) };
      case 0x77:
        return { test: isWord }; // \w
      case 0x57:
        return { test: not(isWord) };
      case 0x73:
        return { test: isSpace }; // \s
      case 0x53:
        return { test: not(isSpace) };
      case 0x74:
        return one(9); // \t
      case 0x6e:
        return one(10); // \n
      case 0x72:
        return one(13); // \r
      case 0x66:
        return one(12); // \f
      case 0x76:
        return one(11); // \v
      case 0x30:
        return one(0); // \0
      case 0x78:
        return one(this.hex(2)); // \xHH
      case 0x75: {
        // \uHHHH or \u{…}
        if (this.peek() !== 0x7b) return one(this.hex(4));
        const end = this.src.indexOf(0x7d, this.i);
        const code = parseInt(String.fromCodePoint(...this.src.slice(this.i + 1, end)), 16);
        this.i = end + 1;
        return one(code);
      }
      case 0x63:
        return one(this.src[this.i++]! % 32); // \cX
      case 0x70: // \p{…}, \P{…}
      case 0x50: {
        const end = this.src.indexOf(0x7d, this.i);
        const property = new RegExp(`^\\${String.fromCodePoint(c, ...this.src.slice(this.i, end + 1))}$`, "u");
        this.i = end + 1;
        return { test: (x) => property.test(String.fromCodePoint(x)) };
      }
      case undefined:
        throw new NeedsBacktracking();
      default:
        return one(c); // an escaped literal: \. \\ \/ \- …
    }
  }

  private hex(digits: number): number {
    const code = parseInt(String.fromCodePoint(...this.src.slice(this.i, this.i + digits)), 16);
    this.i += digits;
    return code;
  }

  private charClass(): CodeTest {
    const negated = this.peek() === 0x5e;
    if (negated) this.i++;
    const tests: CodeTest[] = [];
    while (this.i < this.src.length && this.src[this.i] !== 0x5d /* ] */) {
      const low = this.classAtom();
      if (
        this.peek() === 0x2d /* - */ &&
        this.peek(1) !== 0x5d &&
        this.peek(1) !== undefined &&
        low.code !== undefined
      ) {
        this.i++;
        const high = this.classAtom();
        if (high.code === undefined) throw new NeedsBacktracking();
        const [from, to] = [low.code, high.code];
        tests.push((x) => x >= from && x <= to);
      } else tests.push(low.test);
    }
    if (this.src[this.i++] !== 0x5d) throw new NeedsBacktracking();
    const any = (x: number) => tests.some((test) => test(x));
    return negated ? not(any) : any;
  }

  /** One member of a class: a single code point (which may start a range) or an escape class. */
  private classAtom(): { test: CodeTest; code?: number } {
    const c = this.src[this.i++]!;
    if (c !== 0x5c) return { test: (x) => x === c, code: c };
    if (this.peek() === 0x62 /* \b in a class is a backspace */) {
      this.i++;
      return { test: (x) => x === 8, code: 8 };
    }
    return this.escapeAtom();
  }
}

type State =
  | { kind: "char"; test: CodeTest; next: number }
  | { kind: "split"; next: number; other: number }
  | {
      kind: "assert";
      at: (codes: number[], pos: number) => boolean;
      next: number;
      anchor?: "start" | "end";
      wordBoundary?: boolean;
    }
  | { kind: "match" };

/** Thompson's construction: states built back to front, each pointing at the state after it. */
function compile(root: Node): { states: State[]; start: number } {
  const states: State[] = [{ kind: "match" }];
  const add = (state: State) => {
    if (states.length >= MAX_STATES) throw new NeedsBacktracking();
    states.push(state);
    return states.length - 1;
  };
  const build = (node: Node, next: number): number => {
    switch (node.kind) {
      case "char":
        return add({ kind: "char", test: node.test, next });
      case "assert":
        return add({
          kind: "assert",
          at: node.at,
          next,
          ...(node.anchor ? { anchor: node.anchor } : {}),
          ...(node.wordBoundary ? { wordBoundary: true } : {}),
        });
      case "seq": {
        let start = next;
        for (let i = node.items.length - 1; i >= 0; i--) start = build(node.items[i]!, start);
        return start;
      }
      case "alt": {
        let start = build(node.options.at(-1)!, next);
        for (let i = node.options.length - 2; i >= 0; i--)
          start = add({ kind: "split", next: build(node.options[i]!, next), other: start });
        return start;
      }
      case "repeat": {
        let start: number;
        if (node.max === Infinity) {
          const loop = add({ kind: "split", next: -1, other: next });
          (states[loop] as { next: number }).next = build(node.node, loop);
          start = loop;
        } else {
          start = next;
          for (let i = node.min; i < node.max; i++)
            start = add({ kind: "split", next: build(node.node, start), other: next });
        }
        for (let i = 0; i < node.min; i++) start = build(node.node, start);
        return start;
      }
    }
  };
  return { states, start: build(root, 0) };
}

/** Runs the NFA over the input as a set of states: true when some state reaches the match. */
function run(states: State[], start: number, input: string): boolean {
  const codes = Array.from(input, (ch) => ch.codePointAt(0)!);
  const mark = new Int32Array(states.length).fill(-1);
  let current: number[] = [];
  let next: number[] = [];
  const stack: number[] = [];
  // Adds `from` and every state reachable from it without reading (splits, true assertions).
  const close = (from: number, pos: number, into: number[], stamp: number): boolean => {
    stack.push(from);
    while (stack.length > 0) {
      const index = stack.pop()!;
      if (mark[index] === stamp) continue;
      mark[index] = stamp;
      const state = states[index]!;
      if (state.kind === "match") {
        stack.length = 0;
        return true;
      }
      if (state.kind === "split") stack.push(state.other, state.next);
      else if (state.kind === "assert") {
        if (state.at(codes, pos)) stack.push(state.next);
      } else into.push(index);
    }
    return false;
  };
  for (let pos = 0; pos <= codes.length; pos++) {
    // An unanchored search: a match may start at every position.
    if (close(start, pos, current, pos)) return true;
    if (pos === codes.length) break;
    next.length = 0;
    const code = codes[pos]!;
    for (const index of current) {
      const state = states[index] as { kind: "char"; test: CodeTest; next: number };
      if (state.test(code) && close(state.next, pos + 1, next, pos + 1)) return true;
    }
    [current, next] = [next, current];
  }
  return false;
}

/** A set of NFA states, as one state of the lazily built DFA. */
interface DfaState {
  /** The char states of the set, in order. */
  chars: number[];
  match: boolean;
  /**
   * Transitions already computed, for a next position in the middle / at the end: ASCII by index, the rest by code
   * point.
   */
  ascii: [Array<DfaState | undefined>, Array<DfaState | undefined>];
  other: [Map<number, DfaState>, Map<number, DfaState>];
}

/** How many DFA states are kept before the cache starts over (memory stays bounded). */
const MAX_DFA_STATES = 2_000;

/**
 * The same search as {@link run}, with the state sets it meets cached as DFA states (RE2's lazy
 * DFA): after a few inputs, each code point costs one map lookup. For patterns whose assertions
 * depend only on the input's start and end (`^`, `$`), not on its words (`\b`).
 */
function lazyDfa(states: State[], start: number): (input: string) => boolean {
  const mark = new Int32Array(states.length).fill(-1);
  let stamp = 0;
  let cache = new Map<string, DfaState>();
  const stack: number[] = [];
  const closure = (seeds: number[], atStart: boolean, atEnd: boolean): DfaState => {
    stamp++;
    const chars: number[] = [];
    let match = false;
    for (let k = seeds.length - 1; k >= 0; k--) stack.push(seeds[k]!);
    while (stack.length > 0) {
      const index = stack.pop()!;
      if (mark[index] === stamp) continue;
      mark[index] = stamp;
      const state = states[index]!;
      if (state.kind === "match") match = true;
      else if (state.kind === "split") stack.push(state.other, state.next);
      else if (state.kind === "assert") {
        // Only ^ and $ reach here (\b runs on the plain simulation).
        if (state.anchor === "start" ? atStart : atEnd) stack.push(state.next);
      } else chars.push(index);
    }
    const key = `${match ? 1 : 0}:${chars.join(",")}`;
    let found = cache.get(key);
    if (!found) {
      if (cache.size >= MAX_DFA_STATES) {
        cache = new Map(); // start over; the states in hand keep working
        initial = initialEmpty = undefined;
      }
      found = { chars, match, ascii: [new Array(128), new Array(128)], other: [new Map(), new Map()] };
      cache.set(key, found);
    }
    return found;
  };
  // The state before the first code point, for an empty input and for any other (built once each).
  let initial: DfaState | undefined;
  let initialEmpty: DfaState | undefined;
  return (input: string) => {
    const length = input.length;
    let current =
      length === 0 ? (initialEmpty ??= closure([start], true, true)) : (initial ??= closure([start], true, false));
    for (let i = 0; i < length && !current.match; ) {
      const code = input.codePointAt(i)!;
      i += code > 0xffff ? 2 : 1;
      const end = i >= length ? 1 : 0;
      let next = code < 128 ? current.ascii[end][code] : current.other[end].get(code);
      if (!next) {
        const seeds: number[] = [];
        for (const index of current.chars) {
          const state = states[index] as { kind: "char"; test: CodeTest; next: number };
          if (state.test(code)) seeds.push(state.next);
        }
        seeds.push(start); // an unanchored search: a match may start at every position
        next = closure(seeds, false, end === 1);
        if (code < 128) current.ascii[end][code] = next;
        else current.other[end].set(code, next);
      }
      current = next;
    }
    return current.match;
  };
}

/** What Ajv needs of a compiled pattern. */
export interface RegExpLike {
  test(input: string): boolean;
  toString(): string;
  /** How many NFA states the linear engine runs (its work per input character); absent on the native engine. */
  readonly states?: number;
}

/**
 * A `pattern` compiled for linear-time matching, or the native `RegExp` when the pattern needs
 * backtracking features. A pattern `RegExp` rejects throws as it would.
 */
export function linearRegExp(pattern: string, flags = "u"): RegExpLike {
  const native = new RegExp(pattern, flags); // the syntax check, and the fallback
  try {
    const { states, start } = compile(new Parser(Array.from(pattern, (ch) => ch.codePointAt(0)!)).parse());
    const positional = states.some((state) => state.kind === "assert" && state.wordBoundary);
    const test = positional ? (input: string) => run(states, start, input) : lazyDfa(states, start);
    // Ajv keys its compiled patterns by toString(): each pattern needs its own.
    return { test, toString: () => `linear:/${pattern}/${flags}`, states: states.length };
  } catch (error) {
    if (error instanceof NeedsBacktracking) return native;
    throw error;
  }
}
// Ajv asks an engine for the code that would load it in standalone code, which we never generate.
linearRegExp.code = "agent-testkit/linearRegExp";
