"""Issue 51's cases driven by the Python clients a team brings: the `mcp` client over stdio against
`agent-testkit mcp`, and the `anthropic` client and plain HTTP against `agent-testkit serve`.
AGENT_TESTKIT_CLI names the built CLI (dist/cli.js); the vitest runner sets it."""

import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
import anthropic
import pytest
import requests
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

try:  # mcp 2.x
    from mcp import MCPError
except ImportError:  # mcp 1.x
    from mcp.shared.exceptions import McpError as MCPError

CLI = os.environ["AGENT_TESTKIT_CLI"]
NODE = os.environ.get("AGENT_TESTKIT_NODE", "node")


@pytest.fixture(scope="module")
def server():
    process = subprocess.Popen(
        [NODE, CLI, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        yield json.loads(process.stdout.readline())["url"]
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)


def session(server):
    made = requests.post(f"{server}/_testkit/sessions", json={}, timeout=10)
    assert made.status_code == 201
    return made.json()


def test_a_scripting_mistake_is_a_400_when_queued_and_the_fake_still_answers(server):
    s = session(server)
    refused = requests.post(
        f"{server}/_testkit/sessions/{s['id']}/reply",
        json={"fake": "anthropic", "turns": [{"error": {"status": 429, "code": "rate_limit_exceeded"}}]},
        timeout=10,
    )
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "invalid_turn"
    queued = requests.post(
        f"{server}/_testkit/sessions/{s['id']}/reply",
        json={"fake": "anthropic", "turns": [{"message": "Still here."}]},
        timeout=10,
    )
    assert queued.json() == {"pending": 1}
    client = anthropic.Anthropic(api_key="test-key", base_url=s["baseURL"].removesuffix("/v1"), max_retries=0)
    message = client.messages.create(
        model="claude-sonnet-4-5", max_tokens=64, messages=[{"role": "user", "content": "Hi"}]
    )
    assert message.content[0].text == "Still here."


def test_anthropic_overloaded_error_mid_stream(server):
    s = session(server)
    requests.post(
        f"{server}/_testkit/sessions/{s['id']}/reply",
        json={"fake": "anthropic", "turns": [{"streamError": [{"code": "overloaded_error", "message": "Overloaded"}]}]},
        timeout=10,
    )
    client = anthropic.Anthropic(api_key="test-key", base_url=s["baseURL"].removesuffix("/v1"), max_retries=0)
    with pytest.raises(anthropic.APIStatusError) as raised:
        with client.messages.stream(
            model="claude-sonnet-4-5", max_tokens=64, messages=[{"role": "user", "content": "Hi"}]
        ) as stream:
            for _ in stream:
                pass
    assert "overloaded_error" in str(raised.value.body)


def test_deep_control_body_is_a_400_and_health_answers(server):
    s = session(server)
    deep = '{"a":' * 5000 + '"bottom"' + "}" * 5000
    refused = requests.post(
        f"{server}/_testkit/sessions/{s['id']}/reply",
        data=f'{{"turns":[{{"functionCall":["lookup",{deep}]}}]}}',
        timeout=10,
    )
    assert refused.status_code == 400
    assert refused.json()["error"]["param"].startswith("turns[0]")
    assert requests.get(f"{server}/_testkit/health", timeout=10).json()["ok"] is True


def test_mcp_stdio_an_oversized_call_is_an_error_and_the_server_goes_on():
    script = {
        "tools": [{"name": "echo", "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}}}],
        "replies": {"echo": "echoed"},
    }
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "mcp.json")
        with open(path, "w") as file:
            json.dump(script, file)

        async def run():
            parameters = StdioServerParameters(command=NODE, args=[CLI, "mcp", "--script", path])
            async with stdio_client(parameters) as (read, write):
                async with ClientSession(read, write) as client:
                    await client.initialize()
                    with pytest.raises(MCPError) as raised:
                        await client.call_tool("echo", {"text": "x" * (17 * 1024 * 1024)})
                    assert raised.value.error.code == -32600
                    result = await client.call_tool("echo", {"text": "small"})
                    return result.content[0].text

        assert asyncio.run(run()) == "echoed"
