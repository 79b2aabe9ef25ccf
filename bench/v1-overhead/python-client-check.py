"""The official openai Python client against AgentDesk's /v1, unchanged: models, a completion, a stream, errors."""
import os, sys
import openai
from openai import OpenAI

base, key, model = os.environ["V1_BASE_URL"], os.environ["V1_KEY"], os.environ["V1_MODEL"]
client = OpenAI(base_url=base, api_key=key, max_retries=0)
print("openai", openai.__version__)
models = [m.id for m in client.models.list()]
assert models == [model], models
done = client.chat.completions.create(model=model, messages=[{"role": "user", "content": "Where is my order?"}])
assert done.object == "chat.completion" and done.choices[0].message.content, done
assert done.choices[0].finish_reason == "stop", done.choices[0].finish_reason
print("non-stream:", repr(done.choices[0].message.content[:60]), "usage", done.usage)
parts = []
with client.chat.completions.create(model=model, stream=True, stream_options={"include_usage": True},
                                     messages=[{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Hello?"}]) as stream:
    usage = None
    for chunk in stream:
        if chunk.choices and chunk.choices[0].delta.content:
            parts.append(chunk.choices[0].delta.content)
        if chunk.usage:
            usage = chunk.usage
assert parts and usage is not None, (parts, usage)
print("stream:", len(parts), "chunks,", repr("".join(parts)[:60]), "usage", usage)
try:
    OpenAI(base_url=base, api_key="sk-wrong", max_retries=0).models.list()
    raise SystemExit("wrong key accepted")
except openai.AuthenticationError as e:
    print("wrong key:", e.status_code, e.code)
try:
    client.chat.completions.create(model="no-such-agent", messages=[{"role": "user", "content": "hi"}])
    raise SystemExit("unknown model accepted")
except openai.NotFoundError as e:
    print("unknown model:", e.status_code, e.code)
print("PYTHON CLIENT OK")
