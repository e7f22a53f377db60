"""pytest fixtures for agent-testkit serve: the server started once per run (per xdist worker),
a session per test, OPENAI_BASE_URL and ANTHROPIC_BASE_URL pointed at it (the openai and anthropic
clients read them). Write it into your suite: npx agent-testkit serve --recipe pytest > conftest.py

AGENT_TESTKIT_URL: a server already running (a CI service container); else AGENT_TESTKIT_SERVE is
the command that starts one (default: npx agent-testkit serve --port 0).
"""

import json
import os
import shlex
import signal
import subprocess
import urllib.error
import urllib.request

import pytest


def _call(method, url, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request) as response:
            return json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        raise AssertionError(f"agent-testkit serve: {method} {url}: {error.code} {error.read().decode()}") from None


class Testkit:
    """One test's session: its fakes, its script, its log, the matchers."""

    def __init__(self, server, session):
        self.server = server
        self.id = session["id"]
        self.base_url = session["baseURL"]
        self._control = f"{server}/_testkit/sessions/{self.id}"

    def reply(self, *turns, selector=None, fake=None):
        """Queue turns for the Responses fake: {"message": "Hi."}, {"functionCall": ["name", {...}]}.
        fake="chat" or fake="anthropic": for the Chat Completions or Anthropic Messages fake."""
        body = {"turns": list(turns)}
        if selector is not None:
            body["selector"] = selector
        if fake is not None:
            body["fake"] = fake
        return _call("POST", f"{self._control}/reply", body)

    def steps(self, *steps):
        """Queue steps for the Agents fake: {"message": "Done."}, {"functionCall": ["name", {...}]}."""
        return _call("POST", f"{self._control}/reply", {"steps": list(steps)})

    def rules(self, *rules, fake=None):
        """Answer by rules: {"input": "weather", "turns": [...]} (input, instructions, tools).
        fake="chat" or fake="anthropic": the Chat Completions or Anthropic Messages fake answers by them."""
        body = {"rules": list(rules)}
        if fake is not None:
            body["fake"] = fake
        return _call("POST", f"{self._control}/rules", body)

    def requests(self, fake="responses"):
        return _call("GET", f"{self._control}/requests?fake={fake}")

    def expect(self, matcher, *args, negate=False, **extra):
        """Assert with an agent-testkit matcher: the same rules and messages as in JavaScript."""
        result = _call("POST", f"{self._control}/expect", {"matcher": matcher, "args": list(args), "not": negate, **extra})
        assert result["pass"], result["message"]

    def end(self):
        _call("DELETE", self._control)


@pytest.fixture(scope="session")
def testkit_server():
    url = os.environ.get("AGENT_TESTKIT_URL")
    if url:
        yield url.rstrip("/")
        return
    command = shlex.split(os.environ.get("AGENT_TESTKIT_SERVE", "npx agent-testkit serve --port 0"))
    # a process group of its own: npx does not pass SIGTERM on to the server it starts
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, start_new_session=True)
    try:
        line = process.stdout.readline()
        if not line:
            raise RuntimeError(f"agent-testkit serve did not start: {command}")
        yield json.loads(line)["url"]
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)


@pytest.fixture
def testkit(testkit_server, request, monkeypatch):
    session = _call("POST", f"{testkit_server}/_testkit/sessions", {"section": request.node.nodeid})
    kit = Testkit(testkit_server, session)
    monkeypatch.setenv("OPENAI_BASE_URL", kit.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    # the anthropic client adds /v1 to its base URL itself
    monkeypatch.setenv("ANTHROPIC_BASE_URL", kit.base_url.removesuffix("/v1"))
    monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key")
    yield kit
    kit.end()
