// How the core knows a fake: each fake carries its kind under one symbol, not recognised by the
// names of its getters. `Symbol.for`, so that a fake from the ESM build and a matcher from the
// CommonJS build (or two copies of the package) agree.
const FAKE_BRAND = Symbol.for("agent-testkit.fake");

export const FAKE_KINDS = ["responses", "agents", "chat", "anthropic", "gemini", "bedrock", "mcp"] as const;
export type FakeKind = (typeof FAKE_KINDS)[number];

/** Marks `fake` as a fake of `kind` (a non-enumerable property: printing and copying ignore it). */
export function brand<T extends object>(fake: T, kind: FakeKind): T {
  return Object.defineProperty(fake, FAKE_BRAND, { value: kind, enumerable: false });
}

/** The kind of fake `value` is, or undefined when it is none (never throws). */
export function fakeKindOf(value: unknown): FakeKind | undefined {
  if (value === null || typeof value !== "object") return undefined;
  try {
    const kind: unknown = Reflect.get(value, FAKE_BRAND);
    return (FAKE_KINDS as readonly unknown[]).includes(kind) ? (kind as FakeKind) : undefined;
  } catch {
    return undefined; // a revoked Proxy, or a throwing trap
  }
}
