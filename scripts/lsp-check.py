#!/usr/bin/env python3
"""Drives sourcekit-lsp over stdio the way an editor does, and reports what it saw.

    lsp-check.py --workspace DIR --file FILE --after "screen." [--lsp PATH]

Opens FILE in a workspace rooted at DIR (initialize, didOpen), collects the
diagnostics sourcekit-lsp publishes for it, asks for completion right after the first
occurrence of the --after text, and prints one JSON object:
{"diagnostics": [...messages...], "completions": [...labels...], "definition": URI|null}.
Exit status: 0 when it talked to the server, 2 when the server could not be run or
gave no answer in time. Judging what it saw is the caller's job (the test's).
"""
import argparse
import json
import os
import select
import subprocess
import sys
import time


class Client:
    def __init__(self, command, cwd):
        self.process = subprocess.Popen(
            command, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.buffer = b""
        self.next_id = 0
        self.notifications = []

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def request(self, method, params, timeout):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.wait(lambda m: m.get("id") == self.next_id and "method" not in m, timeout)

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def read(self, deadline):
        """One message, or None when the deadline passes first."""
        while True:
            header_end = self.buffer.find(b"\r\n\r\n")
            if header_end >= 0:
                headers = self.buffer[:header_end].decode()
                length = int(next(line.split(":")[1] for line in headers.split("\r\n")
                                  if line.lower().startswith("content-length")))
                start = header_end + 4
                if len(self.buffer) >= start + length:
                    body = self.buffer[start:start + length]
                    self.buffer = self.buffer[start + length:]
                    return json.loads(body)
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            ready, _, _ = select.select([self.process.stdout], [], [], remaining)
            if not ready:
                return None
            chunk = os.read(self.process.stdout.fileno(), 65536)
            if not chunk:
                return None
            self.buffer += chunk

    def wait(self, matches, timeout):
        deadline = time.monotonic() + timeout
        while True:
            message = self.read(deadline)
            if message is None:
                return None
            if matches(message):
                return message
            if message.get("method") and "id" in message:
                # A request from the server (e.g. registering capabilities): accept it.
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
            elif message.get("method"):
                self.notifications.append(message)

    def close(self):
        try:
            self.request("shutdown", None, 5)
            self.notify("exit", None)
            self.process.wait(timeout=5)
        except Exception:
            pass
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def position_after(text, needle):
    offset = text.index(needle) + len(needle)
    line = text.count("\n", 0, offset)
    column = offset - (text.rfind("\n", 0, offset) + 1)
    return {"line": line, "character": column}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--workspace", required=True)
    parser.add_argument("--file", required=True)
    parser.add_argument("--after", required=True, help="complete right after this text")
    parser.add_argument("--definition", help="also ask where this identifier is defined")
    parser.add_argument("--lsp", default="sourcekit-lsp")
    parser.add_argument("--timeout", type=float, default=60)
    args = parser.parse_args()

    workspace = os.path.abspath(args.workspace)
    path = os.path.abspath(args.file)
    uri = "file://" + path
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    try:
        client = Client([args.lsp], workspace)
    except OSError as error:
        print(f"error: cannot run {args.lsp}: {error}", file=sys.stderr)
        return 2
    try:
        answer = client.request("initialize", {
            "processId": os.getpid(), "rootUri": "file://" + workspace,
            "workspaceFolders": [{"uri": "file://" + workspace, "name": os.path.basename(workspace)}],
            "capabilities": {"textDocument": {
                "completion": {"completionItem": {"snippetSupport": False}},
                "publishDiagnostics": {}}},
        }, args.timeout)
        if answer is None:
            print("error: sourcekit-lsp did not answer initialize", file=sys.stderr)
            return 2
        client.notify("initialized", {})
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "swift", "version": 1, "text": text}})
        position = position_after(text, args.after)
        # The first answers may come before the build settings are known (a fallback
        # with no modules): ask again until the members arrive or time runs out.
        deadline = time.monotonic() + args.timeout
        labels = []
        while time.monotonic() < deadline:
            reply = client.request("textDocument/completion", {
                "textDocument": {"uri": uri}, "position": position}, max(1, deadline - time.monotonic()))
            result = (reply or {}).get("result") or []
            items = result.get("items", []) if isinstance(result, dict) else result
            labels = [item.get("filterText") or item.get("label") for item in items]
            if labels:
                break
            time.sleep(0.5)
        definition = None
        if args.definition:
            spot = position_after(text, args.definition)
            spot["character"] -= 1
            reply = client.request("textDocument/definition", {
                "textDocument": {"uri": uri}, "position": spot}, args.timeout)
            result = (reply or {}).get("result")
            if isinstance(result, list) and result:
                result = result[0]
            if isinstance(result, dict):
                definition = result.get("uri") or result.get("targetUri")
        # Diagnostics come as notifications; wait briefly for the newest set.
        client.wait(lambda m: False, 3)
        diagnostics = []
        for note in client.notifications:
            if note.get("method") == "textDocument/publishDiagnostics" and note["params"]["uri"] == uri:
                diagnostics = [d.get("message", "") for d in note["params"].get("diagnostics", [])]
        print(json.dumps({"diagnostics": diagnostics, "completions": labels, "definition": definition}))
        return 0
    finally:
        client.close()


if __name__ == "__main__":
    sys.exit(main())
