#!/usr/bin/env python3
"""Opens every rendered handout page in headless Chromium and fails on what a reader
would notice: a console error (a blocked fetch or script included), a missing figure,
or a page wider than the viewport. Saves a screenshot of every page and prints the
single-page edition to PDF in A4 and Letter.

    scripts/handouts-check.py handouts/student handouts/instructor --artifacts handouts/check

Drives Chromium through its DevTools protocol (package `websocket-client`); everything
is local: pages are opened from file:// URLs and may not fetch anything.
"""
import argparse
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

try:
    import websocket  # websocket-client
except ImportError:
    sys.exit("error: the Python package websocket-client is missing; install it with: python3 -m pip install websocket-client")

# Viewport widths every page must fit: a laptop and a phone.
WIDTHS = (1280, 390)
PAPERS = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}

PAGE_FACTS = """JSON.stringify({
  scrollWidth: document.documentElement.scrollWidth,
  innerWidth: window.innerWidth,
  missingFigures: document.querySelectorAll('figure.figure-missing').length,
  snippetsRun: (document.querySelector('meta[name="workbook-snippets"]') || {content: 'run'}).content !== 'not-run',
  figures: Array.from(document.querySelectorAll('figure.figure:not(.figure-missing)')).map(f => {
    const svg = f.querySelector('svg');
    const box = svg ? svg.getBoundingClientRect() : {width: 0, height: 0};
    return {id: f.id, width: box.width, height: box.height};
  }),
  scripts: document.querySelectorAll('script').length,
  external: Array.from(document.querySelectorAll('[src], link[href]')).map(e => e.getAttribute('src') || e.getAttribute('href'))
})"""


def find_chromium():
    explicit = os.environ.get("CHROMIUM")
    if explicit:
        return explicit
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    sys.exit("error: Chromium is not installed; install it with: sudo apt-get install chromium (or set CHROMIUM)")


class Browser:
    """One headless Chromium and one DevTools session on one tab."""

    def __init__(self, executable, profile):
        arguments = [executable, "--headless", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
                     "--remote-debugging-port=0", f"--user-data-dir={profile}", "about:blank"]
        if os.geteuid() == 0:
            arguments.insert(1, "--no-sandbox")
        self.process = subprocess.Popen(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = os.path.join(profile, "DevToolsActivePort")
        deadline = time.time() + 30
        while not os.path.exists(port_file) or os.path.getsize(port_file) == 0:
            if time.time() > deadline or self.process.poll() is not None:
                raise SystemExit("error: Chromium did not start (no DevToolsActivePort)")
            time.sleep(0.1)
        port, path = open(port_file).read().split("\n")[:2]
        self.socket = websocket.create_connection(f"ws://127.0.0.1:{port}{path}", timeout=60)
        self.next_id = 0
        self.events = []
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable", session=True)

    def call(self, method, params=None, session=False):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self.session
        self.socket.send(json.dumps(message))
        while True:
            reply = json.loads(self.socket.recv())
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, event, timeout=60):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for index, message in enumerate(self.events):
                if message.get("method") == event:
                    del self.events[index]
                    return message
            self.events.append(json.loads(self.socket.recv()))
        raise RuntimeError(f"timed out waiting for {event}")

    def open(self, url, width):
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False}, session=True)
        self.events.clear()
        self.call("Page.navigate", {"url": url}, session=True)
        self.wait_for("Page.loadEventFired")
        # Let late console messages (a blocked fetch is reported asynchronously) arrive.
        self.call("Runtime.evaluate", {"expression": "new Promise(r => setTimeout(r, 150))", "awaitPromise": True}, session=True)
        facts = self.call("Runtime.evaluate", {"expression": PAGE_FACTS, "returnByValue": True}, session=True)
        return json.loads(facts["result"]["value"])

    def console_errors(self):
        errors = []
        for message in self.events:
            method, params = message.get("method"), message.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                errors.append(" ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))
            elif method == "Runtime.exceptionThrown":
                errors.append(params.get("exceptionDetails", {}).get("text", "exception"))
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                errors.append(params["entry"].get("text", "error"))
        return errors

    def screenshot(self, path, width):
        # The whole page, up to a height Chromium can capture (the single-page edition is long).
        size = self.call("Page.getLayoutMetrics", session=True)["cssContentSize"]
        clip = {"x": 0, "y": 0, "width": width, "height": min(size["height"], 12000), "scale": 1}
        data = self.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": clip},
                         session=True)["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))

    def pdf(self, path, paper):
        width, height = PAPERS[paper]
        data = self.call("Page.printToPDF", {"paperWidth": width, "paperHeight": height, "printBackground": False,
                                             "displayHeaderFooter": False}, session=True)["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))
        return base64.b64decode(data).count(b"/Type /Page") - base64.b64decode(data).count(b"/Type /Pages")

    def close(self):
        try:
            self.call("Browser.close")
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", help="folders of rendered pages (one per edition)")
    parser.add_argument("--artifacts", default="handouts/check", help="where screenshots and PDFs go")
    options = parser.parse_args()
    os.makedirs(options.artifacts, exist_ok=True)

    problems = []
    unchecked_figures = 0
    profile = tempfile.mkdtemp(prefix="handouts-check-")
    browser = Browser(find_chromium(), profile)
    try:
        for folder in options.folders:
            edition = os.path.basename(os.path.normpath(folder))
            pages = sorted(name for name in os.listdir(folder) if name.endswith(".html"))
            if not pages:
                problems.append(f"{folder}: no pages; run `make handouts` first")
            for name in pages:
                page = os.path.join(folder, name)
                url = "file://" + os.path.abspath(page)
                for width in WIDTHS:
                    facts = browser.open(url, width)
                    for error in browser.console_errors():
                        problems.append(f"{page}: console error at {width}px: {error}")
                    if facts["scrollWidth"] > facts["innerWidth"]:
                        problems.append(f"{page}: {facts['scrollWidth']}px wide in a {facts['innerWidth']}px viewport")
                    if width == WIDTHS[0]:
                        if facts["missingFigures"] and facts["snippetsRun"]:
                            problems.append(f"{page}: {facts['missingFigures']} figure(s) missing (run `workbook run`, then render)")
                        elif facts["missingFigures"]:
                            # Rendered without a snippet runner: there were no figures to embed.
                            print(f"warning: {page}: {facts['missingFigures']} figure(s) not drawn: rendered without a snippet runner")
                            unchecked_figures += facts["missingFigures"]
                        for figure in facts["figures"]:
                            if figure["width"] < 10 or figure["height"] < 10:
                                problems.append(f"{page}: figure {figure['id']} has no visible size")
                        if facts["scripts"] or facts["external"]:
                            problems.append(f"{page}: loads {facts['scripts']} script(s) and {facts['external']}")
                        shot = os.path.join(options.artifacts, f"{edition}-{name[:-5]}.png")
                        browser.screenshot(shot, width)
                        figures = len(facts["figures"])
                        print(f"checked {page} at {', '.join(map(str, WIDTHS))}px: {figures} figure(s); screenshot {shot}")
            whole = os.path.join(folder, "workbook.html")
            if os.path.exists(whole):
                browser.open("file://" + os.path.abspath(whole), WIDTHS[0])
                for paper in PAPERS:
                    pdf = os.path.join(options.artifacts, f"{edition}-workbook-{paper}.pdf")
                    pages_printed = browser.pdf(pdf, paper)
                    if pages_printed < 1:
                        problems.append(f"{pdf}: the PDF has no pages")
                    print(f"printed {whole} to {pdf} ({pages_printed} pages)")
    finally:
        browser.close()
        shutil.rmtree(profile, ignore_errors=True)

    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    if problems:
        print(f"handouts check: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    if unchecked_figures:
        print("handouts check: every page opens cleanly and fits its viewport; figures not checked (no snippet runner)")
    else:
        print("handouts check: every page opens cleanly, fits its viewport and has its figures")
    return 0


if __name__ == "__main__":
    sys.exit(main())
