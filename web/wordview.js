// The word-box view: one page drawn as an SVG in PDF points, every word's
// box at its place with the word's own text written inside it.
//
// Why no page image: what a person checking a value needs to see is what
// the reader found and where (which word, which box, which flags), and that
// is exactly what this draws.  An image of the page would need pdf.js (a
// second, large parser of the same possibly hostile file); the person has the
// PDF itself open in their viewer to compare with.
//
// Coordinates: PAGE messages give boxes as [x0, y0, x1, y1, text] in points
// from the top-left of the page as displayed (pyengine/render/json_out.py),
// which is also SVG's frame, so the viewBox is the page itself.
//
// Safety: word text reaches the DOM only through textContent.

const SVG = "http://www.w3.org/2000/svg";

// Flags of a word (json_out.py word_flags, plus "offpage") -> CSS class.
export const FLAGS = Object.freeze(
  ["annotation", "form-field", "invisible", "unmapped", "offpage"]);

function svg(name, attrs) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

// Where each word sits in `text`: [start, end] per word (or [-1, -1]),
// found in order.  The words come in reading order, which is the order of
// the text, so each search starts where the last word ended.  A word not
// found close by (a running header dropped, a hyphen joined) is skipped.
const MAX_SKIP = 48;   // characters between two words, at most
export function wordSpans(text, words) {
  const spans = new Int32Array(words.length * 2).fill(-1);
  let cursor = 0;
  words.forEach((w, i) => {
    const word = w[4];
    if (!word) return;
    // Look only a little ahead: a bounded search keeps long pages linear.
    const near = text.slice(cursor, cursor + MAX_SKIP + word.length).indexOf(word);
    if (near < 0) return;
    const at = cursor + near;
    spans[2 * i] = at;
    spans[2 * i + 1] = at + word.length;
    cursor = at + word.length;
  });
  return spans;
}

// The word (index) whose span holds `offset`, or -1.
export function wordAt(spans, offset) {
  for (let i = 0; i < spans.length; i += 2) {
    if (spans[i] <= offset && offset < spans[i + 1]) return i / 2;
  }
  return -1;
}

// Words whose spans meet [start, end).
export function wordsIn(spans, start, end) {
  const out = [];
  for (let i = 0; i < spans.length; i += 2) {
    if (spans[i] >= 0 && spans[i] < end && spans[i + 1] > start) out.push(i / 2);
  }
  return out;
}

// A box moved (if need be) to lie within half a page of the page.
function pinned(box, pw, ph) {
  const shift = (lo, hi, min, max) => {
    if (hi - lo > max - min) return min - lo;
    if (lo < min) return min - lo;
    if (hi > max) return max - hi;
    return 0;
  };
  const dx = shift(box[0], box[2], -pw / 2, pw * 1.5);
  const dy = shift(box[1], box[3], -ph / 2, ph * 1.5);
  return [box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy, box[4]];
}

export class WordView {
  // page: a PAGE message's page dict; strings: the UI's texts for the view;
  // onPick(i): the word i was chosen (click, or Enter from the keyboard).
  constructor(page, strings, onPick) {
    this.page = page;
    this.strings = strings;
    this.onPick = onPick;
    this.words = page.words.map((w, i) => ({ box: w, flags: page.word_flags?.[i] ?? [] }));
    for (const w of page.offpage_words ?? []) this.words.push({ box: w, flags: ["offpage"] });
    this.rects = [];
    this.active = -1;
    this.lit = [];
    this.element = this.build();
  }

  build() {
    const { page, strings } = this;
    const wrap = document.createElement("div");
    wrap.className = "wordview";
    const figure = document.createElement("div");
    figure.className = "wordview-figure";
    figure.tabIndex = 0;
    figure.setAttribute("role", "group");
    figure.setAttribute("aria-label", strings.label(page.number));
    figure.setAttribute("aria-describedby", `wordview-help-${page.number}`);

    // The view box: the page, grown to take in words drawn off it (those
    // far off are drawn at the edge of the view, half a page out).
    const pw = page.width || 1;
    const ph = page.height || 1;
    for (const word of this.words) word.drawn = pinned(word.box, pw, ph);
    let [x0, y0, x1, y1] = [0, 0, pw, ph];
    for (const { drawn: box } of this.words) {
      x0 = Math.min(x0, box[0]); y0 = Math.min(y0, box[1]);
      x1 = Math.max(x1, box[2]); y1 = Math.max(y1, box[3]);
    }
    const pad = 4;
    const root = svg("svg", {
      viewBox: `${x0 - pad} ${y0 - pad} ${x1 - x0 + 2 * pad} ${y1 - y0 + 2 * pad}`,
      "data-page-width": page.width, "data-page-height": page.height,
      "aria-hidden": "true",
    });
    root.append(svg("rect", { class: "sheet", x: 0, y: 0, width: pw, height: ph }));
    const texts = svg("g", { class: "words-text" });
    const boxes = svg("g", { class: "words-box" });
    this.words.forEach(({ drawn, flags }, i) => {
      const [bx0, by0, bx1, by1, word] = drawn;
      const w = Math.max(bx1 - bx0, 0.5);
      const h = Math.max(by1 - by0, 0.5);
      const rect = svg("rect", { x: bx0, y: by0, width: w, height: h, "data-i": i });
      rect.classList.add("box", ...flags.map((f) => `flag-${f}`));
      const title = svg("title", {});
      title.textContent = flags.length ? `${word} (${flags.map(strings.flag).join(", ")})` : word;
      rect.append(title);
      boxes.append(rect);
      this.rects.push(rect);
      // The word itself, fitted to its box: horizontal words stretched to
      // the box's width, tall boxes (vertical writing) left unstretched.
      const tall = h > w * 1.5 && [...word].length > 1;
      const size = tall ? Math.min(w, h) * 0.9 : h * 0.8;
      const baseline = tall ? by0 + size : by1 - h * 0.2;
      const label = svg("text", { x: bx0, y: baseline, "font-size": size });
      if (!tall) {
        label.setAttribute("textLength", w);
        label.setAttribute("lengthAdjust", "spacingAndGlyphs");
      }
      label.textContent = word;
      texts.append(label);
    });
    root.append(texts, boxes);
    root.addEventListener("click", (event) => {
      const i = Number(event.target.closest?.("rect.box")?.dataset.i ?? -1);
      if (i >= 0) { this.setActive(i); this.onPick(i); }
    });
    figure.append(root);
    figure.addEventListener("keydown", (event) => this.onKey(event));

    const help = document.createElement("p");
    help.className = "wordview-help muted";
    help.id = `wordview-help-${page.number}`;
    help.textContent = strings.help;
    this.status = document.createElement("p");
    this.status.className = "wordview-status";
    this.status.setAttribute("aria-live", "polite");
    // Zoom: small type in a narrow column needs a closer look.
    const zoom = document.createElement("button");
    zoom.type = "button";
    zoom.className = "secondary wordview-zoom";
    zoom.textContent = strings.zoom;
    zoom.setAttribute("aria-pressed", "false");
    zoom.addEventListener("click", () => {
      const on = figure.classList.toggle("zoomed");
      zoom.setAttribute("aria-pressed", String(on));
    });
    const bar = document.createElement("div");
    bar.className = "wordview-bar";
    bar.append(this.legend(), zoom);
    wrap.append(bar, figure, help, this.status);
    return wrap;
  }

  legend() {
    const counts = {};
    for (const { flags } of this.words) for (const f of flags) counts[f] = (counts[f] ?? 0) + 1;
    const list = document.createElement("ul");
    list.className = "wordview-legend";
    const item = (cls, text) => {
      const li = document.createElement("li");
      const swatch = document.createElement("span");
      swatch.className = `swatch ${cls}`;
      li.append(swatch, document.createTextNode(text));
      list.append(li);
    };
    item("flag-none", this.strings.plain(this.words.length));
    for (const f of FLAGS) if (counts[f]) item(`flag-${f}`, this.strings.flagCount(f, counts[f]));
    return list;
  }

  onKey(event) {
    const n = this.words.length;
    if (!n) return;
    const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    let next = null;
    if (event.key in moves) next = this.active < 0 ? 0 : (this.active + moves[event.key] + n) % n;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = n - 1;
    else if ((event.key === "Enter" || event.key === " ") && this.active >= 0) {
      event.preventDefault();
      this.onPick(this.active);
      return;
    }
    if (next === null) return;
    event.preventDefault();
    this.setActive(next);
  }

  setActive(i) {
    this.rects[this.active]?.classList.remove("active");
    this.active = i;
    const rect = this.rects[i];
    rect.classList.add("active");
    rect.scrollIntoView?.({ block: "nearest", inline: "nearest" });
    const { box, flags } = this.words[i];
    this.status.textContent = this.strings.status(i + 1, this.words.length, box[4],
      flags.map(this.strings.flag));
  }

  // Light up the boxes of these words (indices), and only those.
  highlight(indices) {
    for (const i of this.lit) this.rects[i]?.classList.remove("lit");
    this.lit = indices.filter((i) => this.rects[i]);
    for (const i of this.lit) this.rects[i].classList.add("lit");
  }
}
