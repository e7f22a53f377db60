"""An app on the Python `anthropic` client, tested through the same fixture: the recipe points
ANTHROPIC_BASE_URL at the session, so the app's client reaches the Anthropic fake unchanged."""

import anthropic
import pytest


def ask(question):
    client = anthropic.Anthropic()  # reads ANTHROPIC_BASE_URL and ANTHROPIC_API_KEY, as in production
    message = client.messages.create(
        model="claude-sonnet-4-5", max_tokens=256, messages=[{"role": "user", "content": question}]
    )
    return message.content[0].text


def test_the_anthropic_client_reaches_the_fake(testkit):
    testkit.reply({"message": "Bonjour."}, fake="anthropic")
    assert ask("Say hello in French.") == "Bonjour."
    testkit.expect("toHaveReceivedRequest", {"model": "claude-sonnet-4-5"}, fake="anthropic")
