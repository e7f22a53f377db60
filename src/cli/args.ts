/** A command-line mistake: printed with the command's usage, exit code 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

export interface ParsedArgs {
  positionals: string[];
  flags: Map<string, string | true>;
}

/**
 * Splits `argv` into positionals and `--flag value` / `--flag=value` / `--switch` options.
 * `valued` names the flags that take a value; anything else starting with `--` is a switch.
 */
export function parseArgs(argv: readonly string[], valued: readonly string[], switches: readonly string[]): ParsedArgs {
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "-" || !arg.startsWith("-")) {
      positionals.push(arg);
      continue;
    }
    if (arg === "-h") {
      flags.set("help", true);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (valued.includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined || value === "") throw new UsageError(`--${name} needs a value`);
      flags.set(name, value);
    } else if (switches.includes(name)) {
      flags.set(name, true);
    } else {
      throw new UsageError(`unknown option ${arg}`);
    }
  }
  return { positionals, flags };
}
