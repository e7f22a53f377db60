"""The replay-gate article's Python reference gate (../shared/seeds/open-responses-replay-gate.en.txt),
verbatim, with a harness that runs it over a JSONL log so that the benchmark can compare it with
`agent-testkit check` on the same file. Usage: python3 reference_gate.py log.jsonl tools.json"""
import json
import sys


def actual_type(data: object) -> str:
    if data is None:
        return "null"
    if isinstance(data, bool):
        return "boolean"
    if isinstance(data, list):
        return "array"
    if isinstance(data, int):
        return "integer"
    if isinstance(data, float):
        return "number"
    if isinstance(data, str):
        return "string"
    if isinstance(data, dict):
        return "object"
    raise TypeError(type(data))


def validate(data: object, schema: dict) -> list[str]:
    errors: list[str] = []
    if not isinstance(schema, dict):
        return errors
    types = schema.get("type")
    if isinstance(types, str):
        types = [types]
    actual = actual_type(data)
    if types and not any(t == actual or (t == "number" and actual == "integer") for t in types):
        errors.append("type")
    if "enum" in schema and not any(value == data for value in schema["enum"]):
        errors.append("enum")
    if isinstance(data, dict) and schema.get("properties"):
        for key in schema.get("required") or []:
            if key not in data:
                errors.append(f"required:{key}")
        if schema.get("additionalProperties") is False:
            for key in data:
                if key not in schema["properties"]:
                    errors.append(f"additional:{key}")
        for key, sub in schema["properties"].items():
            if key in data:
                errors.extend(validate(data[key], sub))
    if isinstance(data, list) and schema.get("items"):
        for item in data:
            errors.extend(validate(item, schema["items"]))
    return errors


def replay_gate(item: dict, schema: dict) -> str:
    item_type = item.get("type")
    if not isinstance(item_type, str) or ":" in item_type:
        return "namespaced"
    if item_type != "function_call":
        return "not_function_call"
    if item.get("status") != "completed":
        return "status"
    arguments = item.get("arguments")
    if not isinstance(arguments, str):
        return "arguments_type"
    try:
        parsed = json.loads(arguments)
    except json.JSONDecodeError:
        return "arguments_parse"
    if validate(parsed, schema):
        return "arguments_schema"
    return "ok"


# --- harness (not part of the article): one schema per tool name, picked by the item's name ---
def main() -> None:
    log_path, tools_path = sys.argv[1], sys.argv[2]
    with open(tools_path) as f:
        schemas = {tool["name"]: tool.get("parameters") or {} for tool in json.load(f)}
    counts: dict[str, int] = {}
    with open(log_path) as f:
        for line in f:
            try:
                item = json.loads(line)
            except json.JSONDecodeError:
                reason = "malformed_line"
            else:
                reason = replay_gate(item, schemas.get(item.get("name"), {})) if isinstance(item, dict) else "namespaced"
            counts[reason] = counts.get(reason, 0) + 1
    print(json.dumps(counts))


if __name__ == "__main__":
    main()
