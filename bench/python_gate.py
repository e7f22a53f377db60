"""A Python baseline for the log-check benchmark, written for agent-testkit.

It applies the replay gate's documented rules, in the documented order, the way a Python user
would write them: the standard `json` module and the `jsonschema` package's Draft 2020-12
validator (one compiled validator per tool). It reads the same JSONL log as `agent-testkit check`
(an item, an {"item": ...} wrapper or a response object per line) and prints the counts per
reason as JSON, so that the benchmark can compare both the time and the answers.

Usage: python3 bench/python_gate.py log.jsonl tools.json
Needs: jsonschema (`pip install jsonschema`, or Debian's `apt-get install python3-jsonschema`).
Exits 3 with a one-line message when jsonschema is missing.
"""
import json
import sys

try:
    from jsonschema import Draft202012Validator
except ImportError:
    sys.stderr.write("jsonschema is not installed: pip install jsonschema (or apt-get install python3-jsonschema)\n")
    sys.exit(3)

REASONS = ["namespaced", "not_function_call", "status", "arguments_type", "arguments_parse",
           "unknown_tool", "arguments_schema", "ok", "malformed_line", "empty_response"]


def load_validators(path):
    with open(path, encoding="utf-8-sig") as handle:
        spec = json.load(handle)
    if isinstance(spec, dict) and isinstance(spec.get("tools"), list):
        spec = [tool for tool in spec["tools"] if isinstance(tool, dict) and tool.get("type") == "function"]
    if isinstance(spec, dict) and spec.get("type") == "function":
        spec = [spec]
    if not isinstance(spec, list):
        return Draft202012Validator(spec), None
    validators = {}
    for tool in spec:
        declared = tool.get("function", tool)
        validators[declared["name"]] = Draft202012Validator(declared.get("parameters") or {})
    return None, validators


def reason_for(item, single, by_name):
    if not isinstance(item, dict):
        return "namespaced"
    kind = item.get("type")
    if not isinstance(kind, str) or ":" in kind:
        return "namespaced"
    if kind != "function_call":
        return "not_function_call"
    if item.get("status") != "completed":
        return "status"
    raw = item.get("arguments")
    if not isinstance(raw, str):
        return "arguments_type"
    try:
        arguments = json.loads(raw)
    except ValueError:
        return "arguments_parse"
    validator = single
    if by_name is not None:
        name = item.get("name")
        if not isinstance(name, str) or name not in by_name:
            return "unknown_tool"
        validator = by_name[name]
    if validator is not None and not validator.is_valid(arguments):
        return "arguments_schema"
    return "ok"


def items_of(value):
    if isinstance(value, dict):
        if "item" in value and "type" not in value:
            return [value["item"]]
        if value.get("object") == "response" or (isinstance(value.get("output"), list) and "type" not in value):
            return value["output"] if isinstance(value.get("output"), list) else []
    return [value]


def main():
    log_path, tools_path = sys.argv[1], sys.argv[2]
    single, by_name = load_validators(tools_path)
    counts = dict.fromkeys(REASONS, 0)
    with open(log_path, encoding="utf-8-sig") as log:
        for line in log:
            if not line.strip():
                continue
            try:
                value = json.loads(line)
            except ValueError:
                counts["malformed_line"] += 1
                continue
            items = items_of(value)
            if not items:
                counts["empty_response"] += 1
            for item in items:
                counts[reason_for(item, single, by_name)] += 1
    json.dump(counts, sys.stdout)


if __name__ == "__main__":
    main()
