"""The app's tests, on agent-testkit serve: a session per test, scripted from Python, asserted
with the toolkit's matchers."""

import openai
import pytest

from app import answer, stream_answer


def test_runs_the_tool_and_answers(testkit):
    testkit.reply({"functionCall": ["get_weather", {"city": "Oslo"}]}, {"message": "21 °C in Oslo."})
    assert answer("Weather in Oslo?") == "21 °C in Oslo."
    testkit.expect("toHaveCalledTool", "get_weather", {"city": "Oslo"})
    testkit.expect("toHaveCalledTool", "get_weather", {"city": "Paris"}, negate=True)
    assert len(testkit.requests()) == 2


def test_the_path_the_app_took(testkit):
    testkit.reply({"functionCall": ["get_weather", {"city": "Oslo"}]}, {"message": "21 °C in Oslo."})
    answer("Weather in Oslo?")
    testkit.expect("toMatchTrajectory", [{"tool": "get_weather", "args": {"city": "Oslo"}}, {"message": "21 °C in Oslo."}])
    testkit.expect("toMatchTrajectory", ["get_weather", "lookup_city"], {"order": "subset", "args": "ignore"})
    with pytest.raises(AssertionError, match="The run left the path at step 1"):
        testkit.expect("toMatchTrajectory", [{"tool": "get_weather", "args": {"city": "Paris"}}])


def test_streams_the_answer(testkit):
    testkit.reply({"message": "Clear skies over Oslo."})
    assert stream_answer("Weather?") == "Clear skies over Oslo."


def test_gives_up_after_the_clients_retries(testkit):
    testkit.reply({"error": [429, {"code": "rate_limit_exceeded", "message": "Slow down"}], "always": True})
    with pytest.raises(openai.RateLimitError):
        answer("Weather?")
    assert len(testkit.requests()) == 3  # max_retries=2, the default, honouring retry-after-ms


def test_answers_by_rules_whatever_the_order(testkit):
    testkit.rules({"input": "Oslo", "turns": [{"message": "Oslo: sunny."}]}, {"input": "Bergen", "turns": [{"message": "Bergen: rain."}]})
    assert answer("Bergen?") == "Bergen: rain."
    assert answer("Oslo?") == "Oslo: sunny."


def test_a_failed_expectation_says_what_drifted(testkit):
    testkit.reply({"functionCall": ["get_weather", {"city": "Oslo"}]}, {"message": "Done."})
    answer("Weather in Oslo?")
    with pytest.raises(AssertionError, match='Expected: a call to "get_weather" with'):
        testkit.expect("toHaveCalledTool", "get_weather", {"city": "Paris"})


def test_a_chat_completions_client_on_the_same_session(testkit):
    # the session serves Chat Completions too: a client of that wire at the same base URL
    testkit.reply({"functionCall": ["get_weather", {"city": "Oslo"}]}, fake="chat")
    client = openai.OpenAI(base_url=testkit.base_url, api_key="test-key")
    completion = client.chat.completions.create(
        model="gpt-5",
        messages=[{"role": "user", "content": "Weather in Oslo?"}],
        tools=[{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}],
    )
    assert completion.choices[0].finish_reason == "tool_calls"
    testkit.expect("toHaveCalledTool", "get_weather", {"city": "Oslo"}, fake="chat")
    assert [r["route"] for r in testkit.requests(fake="chat")] == ["chat.completions.create"]


def test_chat_completions_by_rules(testkit):
    testkit.rules({"input": "Oslo", "tools": ["get_weather"], "turns": [{"message": "Oslo: sunny."}]}, fake="chat")
    client = openai.OpenAI(base_url=testkit.base_url, api_key="test-key")
    completion = client.chat.completions.create(
        model="gpt-5",
        messages=[{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Weather in Oslo?"}],
        tools=[{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}],
    )
    assert completion.choices[0].message.content == "Oslo: sunny."
