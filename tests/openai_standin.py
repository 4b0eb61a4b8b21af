"""A local stand-in for an OpenAI-compatible server, on 127.0.0.1 only.

It speaks the chat-completions protocol (POST /v1/chat/completions) and returns whatever the
test scripted: a reply text chosen from the request, or an HTTP error. Given `embed`, it also
speaks POST /v1/embeddings: one vector per input, listed last to first (each carries its
index, and a client must not rely on the order). Every request body is kept, so a test can
read what the client really sent.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Reply = Callable[[dict[str, Any]], "str | tuple[int, str]"]
Embed = Callable[[dict[str, Any]], "list[list[float]] | tuple[int, str]"]


class StandIn:
    """`reply(request_json)` returns the assistant's text, `embed(request_json)` one vector per
    input; either may return (status, body) for an HTTP error."""

    def __init__(self, reply: Reply | None = None, embed: Embed | None = None):
        self.reply, self.embed = reply, embed
        self.requests: list[dict[str, Any]] = []
        standin = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # keep test output quiet
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                standin.requests.append({"path": self.path, "body": body,
                                         "authorization": self.headers.get("Authorization")})
                if self.path.rstrip("/") == "/v1/embeddings" and standin.embed is not None:
                    return self._embeddings(body)
                if self.path.rstrip("/") != "/v1/chat/completions" or standin.reply is None:
                    return self._send(404, json.dumps({"error": {"message": f"no route {self.path}"}}))
                answer = standin.reply(body)
                if isinstance(answer, tuple):
                    status, text = answer
                    return self._send(status, json.dumps({"error": {"message": text, "type": "server_error"}}))
                return self._send(200, json.dumps({
                    "id": f"chatcmpl-{len(standin.requests)}", "object": "chat.completion", "created": 0,
                    "model": body.get("model"),
                    "choices": [{"index": 0, "finish_reason": "stop",
                                 "message": {"role": "assistant", "content": answer}}],
                    "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0}}))

            def _embeddings(self, body: dict[str, Any]) -> None:
                vectors = standin.embed(body)
                if isinstance(vectors, tuple):
                    status, text = vectors
                    return self._send(status, json.dumps({"error": {"message": text, "type": "server_error"}}))
                data = [{"object": "embedding", "index": i, "embedding": v} for i, v in enumerate(vectors)]
                return self._send(200, json.dumps({"object": "list", "data": data[::-1], "model": body.get("model"),
                                                   "usage": {"prompt_tokens": 0, "total_tokens": 0}}))

            def _send(self, status: int, text: str) -> None:
                data = text.encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self) -> StandIn:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


def claims_reply(*claims: tuple[str, list[str]]) -> str:
    return json.dumps({"claims": [{"text": text, "chunk_ids": ids} for text, ids in claims]})


# What the stand-in answers in the app tests: one claim the cited card supports, and one false
# consensus the verifier must stop. A question containing "not json" gets prose instead.
GOOD = "The USPSTF recommends screening mammography every 2 years for women aged 40 to 74."
CONSENSUS = "Every major organization advises yearly mammograms beginning at 40."


def app_reply(body: dict[str, Any]) -> str:
    if "not json" in body["messages"][1]["content"]:
        return "I think screening is good."
    return claims_reply((GOOD, ["uspstf-2024#recommendation"]),
                        (CONSENSUS, ["acr-current#starting-age-and-interval", "uspstf-2024#recommendation"]))
