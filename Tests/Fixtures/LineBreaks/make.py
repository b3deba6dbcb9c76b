#!/usr/bin/env python3
"""Makes the reference LineBreakTests compares Text's wrapping with: the lines headless Chromium breaks plain
paragraphs into, in DejaVu Sans (Debian's fonts-dejavu-core) at a given size and width, written to
chromium-lines.json as a list of

    {"text": paragraph, "size": pixels, "width": pixels, "lines": [each line's text, its trailing spaces trimmed]}

Each paragraph (English prose, 40 to 120 words: punctuation, hyphenated words, numbers with separators, em dashes,
parentheses, quotes, URL-like tokens, words too long for the width, no-break spaces) is laid out at each (size,
width) in SIZES_AND_WIDTHS, in a block of its own styled

    font-family: the font file through @font-face (a file:// URL); font-size: N px; width: W px;
    white-space: normal; line-height: 1.2; font-kerning: normal; hyphens: none; word-break: normal;
    overflow-wrap: normal; text-align: start; margin, padding and border 0

The page waits for document.fonts.ready and records only if the face loaded (its FontFace status "loaded" and
document.fonts.check true), else the script fails. Lines are found by measuring each character with a Range
(Range.getClientRects) and starting a new line where a character's box moves down by more than half the line
height; each line's text is its characters in order, its trailing spaces (which hang in CSS) trimmed. The texts
have single spaces only, none leading or trailing and no newlines, so CSS's white-space collapsing leaves them as
they are.

Chromium runs headless (--headless --no-sandbox --disable-gpu), the page opened from a temporary file with
--allow-file-access-from-files (so that the file:// font loads), and --virtual-time-budget so that --dump-dom waits
for the script; the JSON is read back from the dumped DOM.

Run with Debian bookworm's chromium package (apt-get install chromium; CHROMIUM names another binary):
    python3 Tests/Fixtures/LineBreaks/make.py
Prints Chromium's version, the number of cases and lines, and each line's width as Chromium measured it (the
bounding box of the line's characters, trailing spaces left out), for looking into a difference.
"""
import html
import json
import os
import subprocess
import sys
import tempfile

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
CHROMIUM = os.environ.get("CHROMIUM", "chromium")
SIZES_AND_WIDTHS = [(16, 300), (24, 500), (13, 200), (40, 900), (18, 420)]
NBSP = "\u00a0"
PARAGRAPHS = [
    "The quick brown fox jumps over the lazy dog, then naps in the warm afternoon sun by the old stone wall. "
    "Nobody minds; the garden is quiet, the bees are busy with the lavender, and the kettle will not boil for "
    "another hour at least.",
    "It is a well-known fact that a state-of-the-art kitchen does not make a first-rate cook. Twenty-two of the "
    "so-called experts we asked agreed, while the rest (a self-described minority) offered long-winded, "
    "half-hearted objections that nobody took seriously.",
    "The invoice came to 1,234.56 euros, or about 1,310.20 dollars at the rate of 1.0612 quoted on 27 November "
    "2026. Of the 3,500 units ordered, 2,975 arrived on time, 412 came late, and the remaining 113 were lost "
    "somewhere between Rotterdam and Hamburg, a loss of 3.23 percent.",
    "She paused\u2014only for a moment\u2014before opening the letter. Inside was a single card, its edges worn "
    "soft by years of handling, and on it a sentence she had waited her whole life to read: \u201cYou were right "
    "all along.\u201d She laughed, then cried, then laughed again\u2014and finally sat down.",
    "\u201cDo you know,\u201d he asked, \u201cwhat \u2018enough\u2019 means?\u201d The answer (as it turned out) "
    "was not simple: some said \u2018more than yesterday,\u2019 others \u2018less than tomorrow,\u2019 and one "
    "child, after thinking hard, said it was \"whatever fits in your pocket\" [with room for a pebble].",
    "The documentation lives at https://example.com/docs/decor/text-layout/wrapping.html and the source at "
    "github.com/example/decor, though the mirror at ftp://mirror.example.org/pub/decor/ is often faster for "
    "readers in the southern hemisphere who would rather not wait.",
    "Some words simply refuse to fit: pneumonoultramicroscopicsilicovolcanoconiosis is the usual example, though "
    "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch, a village in Wales, is longer still and far "
    "harder to pronounce for visitors.",
    f"Mr.{NBSP}Smith arrived at 10{NBSP}a.m. with 25{NBSP}kg of apples, 3{NBSP}crates of pears and a note for "
    f"Dr.{NBSP}Jones. The meeting lasted until 4{NBSP}p.m., after which everyone agreed that Chapter{NBSP}12 "
    f"needed rewriting before the deadline on 1{NBSP}December.",
    "Long ago, before the railway reached the valley, the only way in was a narrow road that climbed through pine "
    "forest and crossed the river twice on wooden bridges. Travellers would stop at the inn halfway up, where the "
    "landlady served thick soup, dark bread and a local cheese so strong that most guests remembered it for years "
    "afterwards. In winter the road often closed for weeks, and the village lived on what it had stored.",
    "Wait... what? No! Yes; maybe: perhaps. Items #1, #2 & #3 cost $4.99, \u20ac5.50 and \u00a36.25 respectively "
    "(plus 20% tax), i.e. roughly 19.41 in total, e.g. for a family of four, or so the brochure claims on page "
    "17, footnote 3/4.",
]

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><style>
@font-face { font-family: "DecorReference"; src: url("file://FONT") format("truetype"); }
body { margin: 0; }
div.case { font-family: "DecorReference"; white-space: normal; line-height: 1.2; font-kerning: normal;
  hyphens: none; -webkit-hyphens: none; word-break: normal; overflow-wrap: normal; text-align: start;
  margin: 0; padding: 0; border: 0; }
</style></head><body>
CASES
<pre id="out">pending</pre>
<script>
async function main() {
  const out = document.getElementById("out");
  try {
    await document.fonts.ready;
    const faces = [...document.fonts].filter(f => f.family.replace(/"/g, "") === "DecorReference");
    await Promise.all(faces.map(f => f.load()));
    if (faces.length !== 1 || faces[0].status !== "loaded" || !document.fonts.check('16px "DecorReference"'))
      throw new Error("the font did not load: " + faces.map(f => f.status).join(","));
    const results = [];
    for (const div of document.querySelectorAll("div.case")) {
      const node = div.firstChild, text = node.data, size = +div.dataset.size, range = document.createRange();
      const lines = [];
      let top = null;
      for (let i = 0; i < text.length; i++) {
        range.setStart(node, i); range.setEnd(node, i + 1);
        const rects = range.getClientRects();
        if (rects.length === 0) throw new Error("no box for character " + i);
        const y = rects[0].top;
        if (top === null || y > top + size * 0.6) { lines.push({start: i, end: i + 1}); top = y; }
        else lines[lines.length - 1].end = i + 1;
      }
      const texts = [], widths = [];
      for (const line of lines) {
        let end = line.end;
        while (end > line.start && text[end - 1] === " ") end--;
        texts.push(text.slice(line.start, end));
        range.setStart(node, line.start); range.setEnd(node, end);
        widths.push(range.getBoundingClientRect().width);
      }
      results.push({text, size, width: +div.dataset.width, lines: texts, lineWidths: widths});
    }
    out.textContent = JSON.stringify({ok: true, results});
  } catch (e) {
    out.textContent = JSON.stringify({ok: false, error: String(e)});
  }
}
main();
</script></body></html>
"""


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    version = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True, check=True).stdout.strip()
    cases = []
    for paragraph in PARAGRAPHS:
        assert "  " not in paragraph and paragraph == paragraph.strip() and "\n" not in paragraph
        for size, width in SIZES_AND_WIDTHS:
            cases.append(f'<div class="case" data-size="{size}" data-width="{width}" '
                         f'style="font-size: {size}px; width: {width}px">{html.escape(paragraph)}</div>')
    page = PAGE.replace("FONT", FONT).replace("CASES", "\n".join(cases))
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "page.html")
        with open(path, "w", encoding="utf-8") as f:
            f.write(page)
        dom = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                              "--run-all-compositor-stages-before-draw", "--virtual-time-budget=10000",
                              "--dump-dom", "file://" + path],
                             capture_output=True, text=True, check=True, timeout=300).stdout
    start = dom.index('<pre id="out">') + len('<pre id="out">')
    output = json.loads(html.unescape(dom[start:dom.index("</pre>", start)]))
    if not output["ok"]:
        sys.exit("Chromium: " + output["error"])
    results = output["results"]
    for result, paragraph in zip(results, [p for p in PARAGRAPHS for _ in SIZES_AND_WIDTHS]):
        assert result["text"] == paragraph
        assert "".join(result["lines"]).replace(" ", "") == paragraph.replace(" ", "")
    print(version)
    print(len(results), "cases,", sum(len(r["lines"]) for r in results), "lines")
    for r in results:
        print(f'{r["size"]} px, {r["width"]} px: {r["text"][:40]!r}')
        for line, width in zip(r["lines"], r.pop("lineWidths")):
            print(f"  {width:9.4f} {line!r}")
    with open(os.path.join(here, "chromium-lines.json"), "w", encoding="utf-8") as f:
        json.dump(results, f, ensure_ascii=False, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
