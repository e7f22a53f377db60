"""The app under test: answers a question with the Responses API, running the weather tool when
the model calls it. Nothing in it knows about tests: it reads OPENAI_BASE_URL like any app."""

import json

from openai import OpenAI

TOOLS = [
    {
        "type": "function",
        "name": "get_weather",
        "description": "The weather in a city.",
        "parameters": {
            "type": "object",
            "properties": {"city": {"type": "string"}},
            "required": ["city"],
            "additionalProperties": False,
        },
        "strict": True,
    }
]


def get_weather(city):
    return {"city": city, "celsius": 21}


def answer(question):
    client = OpenAI()
    response = client.responses.create(model="gpt-5", input=question, tools=TOOLS)
    calls = [item for item in response.output if item.type == "function_call"]
    if not calls:
        return response.output_text
    outputs = [
        {
            "type": "function_call_output",
            "call_id": call.call_id,
            "output": json.dumps(get_weather(**json.loads(call.arguments))),
        }
        for call in calls
    ]
    final = client.responses.create(model="gpt-5", previous_response_id=response.id, input=outputs, tools=TOOLS)
    return final.output_text


def stream_answer(question):
    client = OpenAI()
    text = []
    with client.responses.stream(model="gpt-5", input=question) as stream:
        for event in stream:
            if event.type == "response.output_text.delta":
                text.append(event.delta)
    return "".join(text)
