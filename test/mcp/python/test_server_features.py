"""Issue 52 item 8 driven by the Python `mcp` client: what a running tool asks of the client
(sampling, elicitation), its logs and progress, resource templates and completion, and a stream
the server closes mid-call (SEP-1699), against fakeMcp over Streamable HTTP (MCP_URL, served by
the vitest side) and against `agent-testkit mcp` over stdio (AGENT_TESTKIT_CLI)."""

import asyncio
import json
import os
import tempfile

import mcp.types as types
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

try:  # mcp 2.x
    from mcp import MCPError
except ImportError:  # mcp 1.x
    from mcp.shared.exceptions import McpError as MCPError

URL = os.environ.get("MCP_URL")
CLI = os.environ["AGENT_TESTKIT_CLI"]
NODE = os.environ.get("AGENT_TESTKIT_NODE", "node")


async def sample(context, params):
    text = params.messages[0].content.text if params.messages else ""
    return types.CreateMessageResult(
        role="assistant", model="py-model", content=types.TextContent(type="text", text=f"sampled: {text}")
    )


async def elicit(context, params):
    return types.ElicitResult(action="accept", content={"amount": 20})


def over_http(body, **callbacks):
    async def run():
        async with streamable_http_client(URL) as streams:
            read, write = streams[0], streams[1]
            async with ClientSession(read, write, **callbacks) as client:
                await client.initialize()
                return await body(client)

    return asyncio.run(run())


@pytest.mark.skipif(URL is None, reason="MCP_URL names the fake the vitest side serves")
def test_http_a_tool_samples_elicits_logs_and_reports_progress():
    logs = []
    progress = []

    async def logged(params):
        logs.append((params.level, params.data))

    async def body(client):
        await client.set_logging_level("info")

        async def on_progress(done, total, message):
            progress.append((done, total, message))

        drafted = await client.call_tool("draft", {"topic": "refunds"}, progress_callback=on_progress)
        confirmed = await client.call_tool("confirm", {})
        return drafted.content[0].text, confirmed.content[0].text

    drafted, confirmed = over_http(body, sampling_callback=sample, elicitation_callback=elicit, logging_callback=logged)
    assert drafted == "draft: sampled: Write about refunds"
    assert json.loads(confirmed) == {"action": "accept", "content": {"amount": 20}}
    assert logs == [("warning", "drafting")]  # the debug message is under the level the client set
    assert progress == [(1.0, 2.0, "asking the model")]


@pytest.mark.skipif(URL is None, reason="MCP_URL names the fake the vitest side serves")
def test_http_a_client_that_cannot_sample_gets_an_error():
    async def body(client):
        with pytest.raises(MCPError) as raised:
            await client.call_tool("draft", {"topic": "refunds"})
        return raised.value.error.code

    assert over_http(body) == -32601


@pytest.mark.skipif(URL is None, reason="MCP_URL names the fake the vitest side serves")
def test_http_a_closed_stream_is_resumed_and_the_answer_arrives():
    async def body(client):
        result = await client.call_tool("resumed", {})
        return result.content[0].text

    assert over_http(body) == "after the reconnect"


@pytest.mark.skipif(URL is None, reason="MCP_URL names the fake the vitest side serves")
def test_http_templates_and_completion():
    async def body(client):
        templates = await client.list_resource_templates()
        read = await client.read_resource("docs://billing/refunds")
        completed = await client.complete(
            types.ResourceTemplateReference(type="ref/resource", uri="docs://{section}/{page}"),
            {"name": "section", "value": "b"},
        )
        return [t.uri_template for t in templates.resource_templates], read.contents[0].text, completed.completion.values

    names, text, values = over_http(body)
    assert names == ["docs://{section}/{page}"]
    assert text == "# refunds of billing"
    assert values == ["billing", "bugs"]


def test_stdio_a_script_file_asks_for_sampling_and_elicitation():
    script = {
        "tools": [{"name": "summarise", "inputSchema": {"type": "object"}}, {"name": "confirm", "inputSchema": {"type": "object"}}],
        "replies": {
            "summarise": {
                "ask": "sampling",
                "params": {"messages": [{"role": "user", "content": {"type": "text", "text": "Sum up"}}], "maxTokens": 10},
            },
            "confirm": {
                "ask": "elicitation",
                "params": {
                    "message": "How much?",
                    "requestedSchema": {"type": "object", "properties": {"amount": {"type": "number"}}},
                },
            },
        },
    }
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "mcp.json")
        with open(path, "w") as file:
            json.dump(script, file)

        async def run():
            parameters = StdioServerParameters(command=NODE, args=[CLI, "mcp", "--script", path])
            async with stdio_client(parameters) as (read, write):
                async with ClientSession(read, write, sampling_callback=sample, elicitation_callback=elicit) as client:
                    await client.initialize()
                    summed = await client.call_tool("summarise", {})
                    confirmed = await client.call_tool("confirm", {})
                    return summed.content[0].text, confirmed.content[0].text

        summed, confirmed = asyncio.run(run())
        assert summed == "sampled: Sum up"
        assert json.loads(confirmed) == {"action": "accept", "content": {"amount": 20}}
