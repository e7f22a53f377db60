"""An app on the Python Agents SDK (openai-agents), on agent-testkit serve: the SDK's model speaks
the Responses API, so the session's Responses fake answers it. Skipped where openai-agents is not
installed (pip install openai-agents)."""

import pytest

agents = pytest.importorskip("agents")
from openai import AsyncOpenAI  # noqa: E402


def test_the_agent_calls_its_tool_and_answers(testkit):
    agents.set_tracing_disabled(True)

    @agents.function_tool
    def get_weather(city: str) -> str:
        """The weather in a city."""
        return f"{city}: 21 °C"

    model = agents.OpenAIResponsesModel(model="gpt-5", openai_client=AsyncOpenAI(base_url=testkit.base_url))
    agent = agents.Agent(name="Weather", instructions="Answer with the weather.", tools=[get_weather], model=model)
    testkit.reply({"functionCall": ["get_weather", {"city": "Oslo"}]}, {"message": "Oslo: 21 °C."})
    result = agents.Runner.run_sync(agent, "Weather in Oslo?")
    assert result.final_output == "Oslo: 21 °C."
    testkit.expect("toHaveCalledTool", "get_weather", {"city": "Oslo"})
    testkit.expect("toHaveAnsweredCall", result.new_items[0].raw_item.call_id, "Oslo: 21 °C")
