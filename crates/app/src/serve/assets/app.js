// The gamesolve teaching page: plain JavaScript, no dependencies, no requests but to the
// server that sent it. In a file written by `gamesolve explain --html` (an element
// #trace-data holds the trace as JSON) it only steps through that trace and makes no request.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);
const MAX_DRAWN = 600; // nodes drawn at most; the trace itself is capped by the server
const COUNTERS = [
  ["positions", "positions expanded"],
  ["memo_hits", "memo hits"],
  ["states", "states stored"],
  ["table_cells", "table cells"],
  ["table_bytes", "table bytes"],
  ["max_depth", "max depth"],
];

let backends = [];
let games = []; // the game table, from GET /api/games
const typed = new Map(); // game name -> what was typed in its parameters, kept across switches
let shown = null; // the row of the game whose form is shown
let trace = null; // { data, nodes, edges, step, timer }

function fmt(n) {
  return typeof n === "number" ? n.toLocaleString("en-US") : String(n);
}

function setStatus(text, error) {
  $("status").textContent = text;
  $("status").className = error ? "error" : "";
}

// ---- the game, its form and its JSON line ------------------------------------------------
// Everything about a game comes from its row of the game table: nothing here names one.

async function loadGames() {
  const response = await fetch("/api/games");
  games = await response.json();
  const select = $("game");
  select.textContent = "";
  for (const info of games) {
    const option = document.createElement("option");
    option.value = info.name;
    option.textContent = info.title;
    option.title = info.summary;
    select.append(option);
  }
  showFields();
}

function gameName() {
  return $("game").value;
}

function gameInfo() {
  return games.find((g) => g.name === gameName()) || null;
}

// A parameter "pile_size" with value name "N" reads "pile size N"; one named like its value
// name ("stones", "STONES") reads "stones".
function paramLabel(p) {
  const words = p.name.replace(/_/g, " ");
  return p.value_name.toLowerCase() === p.name.toLowerCase() ? words : `${words} ${p.value_name}`;
}

// The words of an example ("10 11", "1 5 233 7") spread over the parameters: an integer takes
// one word, a list of values the words the parameters after it leave.
function exampleValues(info, example) {
  const words = example.trim().split(/\s+/).filter((w) => w !== "");
  const values = {};
  let at = 0;
  info.params.forEach((p, i) => {
    if (p.kind === "graph") {
      // `--graph '[[2,5],[3]]'`: the JSON word after the flag, without its shell quotes.
      const at = words.indexOf(`--${p.name}`);
      values[p.name] = at >= 0 && words[at + 1] ? words[at + 1].replace(/^'|'$/g, "") : "";
    } else if (p.kind === "values") {
      const after = info.params.slice(i + 1).filter((q) => q.kind !== "values").length;
      const end = Math.max(at, words.length - after);
      values[p.name] = words.slice(at, end).join(" ");
      at = end;
    } else {
      values[p.name] = words[at] || "";
      at += 1;
    }
  });
  return values;
}

function paramInput(p) {
  return $("params").querySelector(`[data-param="${CSS.escape(p.name)}"]`);
}

// The form of the game picked: one input per parameter, its rules, its examples.
function showFields() {
  if (shown) typed.set(shown.name, formValues(shown));
  const info = gameInfo();
  shown = info;
  const box = $("params");
  box.textContent = "";
  $("rules").textContent = info ? info.rules : "";
  $("presets").textContent = "";
  if (!info) return fillBackends();
  const values = typed.get(info.name) ||
    (info.examples.length ? exampleValues(info, info.examples[0]) : {});
  for (const p of info.params) {
    const label = document.createElement("label");
    label.title = p.help;
    const input = document.createElement("input");
    // The value name as the id (`n` for "N") unless the page has that id already.
    const id = p.value_name.toLowerCase();
    input.id = /^[a-z][a-z0-9_-]*$/.test(id) && !document.getElementById(id) ? id : `param-${p.name}`;
    input.dataset.param = p.name;
    input.dataset.kind = p.kind;
    input.setAttribute("aria-label", `${paramLabel(p)}: ${p.help}`);
    if (p.kind === "integer") {
      input.type = "number";
      input.min = String(p.min);
      input.max = String(p.max);
      input.step = "1";
      input.className = "integer";
    } else if (p.kind === "graph") {
      input.type = "text";
      input.size = 40;
      input.placeholder = "[[2,5],[3],[0,4,5]]";
    } else {
      input.type = "text";
      input.size = 24;
      input.placeholder = "1 5 233 7";
    }
    input.value = values[p.name] != null ? values[p.name] : "";
    label.append(`${paramLabel(p)} `, input);
    box.append(label);
  }
  if (info.examples.length) {
    $("presets").append("Examples:");
    for (const example of info.examples) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.game = info.name;
      button.dataset.example = example;
      button.textContent = example || "(no parameters)";
      $("presets").append(button);
    }
  }
  fillBackends();
}

function formValues(info) {
  const values = {};
  for (const p of info.params) {
    const input = paramInput(p);
    if (input) values[p.name] = input.value;
  }
  return values;
}

// The batch line without its closing brace, built from the form by each parameter's kind, as
// text so that large integers stay exact.
function line() {
  const info = gameInfo();
  if (!info) throw new Error("no game picked (the game table did not load)");
  const fields = [`"game":${JSON.stringify(info.name)}`];
  for (const p of info.params) {
    const input = paramInput(p);
    const text = input ? input.value.trim() : "";
    if (p.kind === "integer") {
      if (!/^-?\d+$/.test(text)) {
        throw new Error(`${paramLabel(p)} must be a whole number (${p.min}..=${p.max})`);
      }
      fields.push(`${JSON.stringify(p.name)}:${wholeNumber(text)}`);
    } else if (p.kind === "graph") {
      // Adjacency lists as JSON, sent as written; the server names any bad node.
      let lists;
      try {
        lists = JSON.parse(text);
      } catch (e) {
        throw new Error(`${paramLabel(p)} must be JSON adjacency lists like [[2,5],[3],[0,4,5]]`);
      }
      if (!Array.isArray(lists)) {
        throw new Error(`${paramLabel(p)} must be a list of lists like [[2,5],[3],[0,4,5]]`);
      }
      fields.push(`${JSON.stringify(p.name)}:${JSON.stringify(lists)}`);
    } else {
      const tokens = text.split(/[\s,\[\]]+/).filter((s) => s !== "");
      if (!tokens.every((s) => /^-?\d+$/.test(s))) {
        throw new Error(`${paramLabel(p)} must be integers separated by commas or spaces`);
      }
      fields.push(`${JSON.stringify(p.name)}:[${tokens.map(wholeNumber).join(",")}]`);
    }
  }
  return `{${fields.join(",")}`;
}

// A whole number as JSON writes it: no leading zeros ("007" is not JSON).
function wholeNumber(text) {
  return text.replace(/^(-?)0+(?=\d)/, "$1");
}

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
  });
  let json;
  try {
    json = await response.json();
  } catch (e) {
    json = { error: `HTTP ${response.status}`, kind: "http" };
  }
  return json;
}

// ---- backends ----------------------------------------------------------------------------

async function loadBackends() {
  const response = await fetch("/api/backends");
  backends = await response.json();
  fillBackends();
}

function fillBackends() {
  const box = $("backends");
  const select = $("trace-backend");
  const g = gameName();
  box.textContent = "";
  select.textContent = "";
  for (const b of backends) {
    const variants = b.variants.filter((v) => v.game === g);
    if (!b.available || variants.length === 0) continue;
    const group = document.createElement("div");
    group.className = "group";
    const title = document.createElement("b");
    title.textContent = b.name;
    title.title = b.summary;
    group.append(title);
    variants.forEach((v, i) => {
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.type = "checkbox";
      input.value = `${b.name}/${v.name}`;
      input.checked = i === 0;
      label.title = v.summary;
      label.append(input, ` ${v.name}`);
      group.append(label);
      const option = document.createElement("option");
      option.value = input.value;
      option.textContent = input.value;
      select.append(option);
    });
    box.append(group);
  }
  const memo = [...select.options].find((o) => o.value.startsWith("memo/"));
  if (memo) select.value = memo.value;
}

function chosenBackends() {
  return [...$("backends").querySelectorAll("input:checked")].map((i) => i.value);
}

// ---- answer and counters -----------------------------------------------------------------

// The answer in the game's own words: the server's `headline`, else the outcome.
function words(report) {
  if (report.headline) return report.headline;
  return { first: "First player wins", second: "Second player wins", draw: "Draw" }[
    report.outcome
  ] || String(report.outcome);
}

function showCounters(rows) {
  const table = $("counters");
  table.textContent = "";
  const head = table.insertRow();
  head.append(cell("th", "backend"));
  for (const r of rows) head.append(cell("th", r.label));
  const answerRow = table.insertRow();
  answerRow.append(cell("td", "answer"));
  for (const r of rows) {
    const td = cell("td", r.report.error ? r.report.error : words(r.report));
    if (r.report.error) td.className = "error";
    answerRow.append(td);
  }
  // The variant that ran: what an automatic choice picked (memo/auto runs memo/dense here).
  const ranRow = table.insertRow();
  ranRow.append(cell("td", "variant run"));
  for (const r of rows) {
    ranRow.append(cell("td", r.report.kernel ? `${r.report.backend}/${r.report.kernel}` : "–"));
  }
  for (const [key, name] of COUNTERS) {
    const tr = table.insertRow();
    tr.append(cell("td", name));
    for (const r of rows) tr.append(cell("td", r.report.stats ? fmt(r.report.stats[key]) : "–"));
  }
  const ms = table.insertRow();
  ms.append(cell("td", "round trip"));
  for (const r of rows) ms.append(cell("td", `${r.ms.toFixed(1)} ms`));
}

function cell(tag, text) {
  const el = document.createElement(tag);
  el.textContent = text;
  return el;
}

async function solve() {
  stop();
  let body;
  try {
    body = line();
  } catch (e) {
    setStatus(e.message, true);
    return;
  }
  setStatus("solving…");
  const rows = [];
  // One request at a time: the server runs few solves at once and refuses more.
  for (const choice of chosenBackends()) {
    const started = performance.now();
    const report = await post(`/api/solve?backend=${encodeURIComponent(choice)}`, body + "}");
    rows.push({ label: choice, report, ms: performance.now() - started });
  }
  const answered = rows.find((r) => !r.report.error);
  $("answer").textContent = answered
    ? words(answered.report)
    : rows.length
      ? rows[0].report.error
      : "Pick at least one backend.";
  showCounters(rows);
  const choice = $("trace-backend").value;
  if (!choice) {
    setStatus("");
    return;
  }
  setStatus(`tracing ${choice}…`);
  const data = await post("/api/trace", `${body},"backend":${JSON.stringify(choice)}}`);
  if (data.error) {
    setStatus(`${choice}: ${data.error}`, true);
    clearTrace(`${choice} could not be traced: ${data.error}`);
    return;
  }
  if (!answered) $("answer").textContent = data.headline;
  setStatus("");
  loadTrace(data);
}

// ---- growth ---------------------------------------------------------------------------

const COLORS = ["#2f6fbf", "#c2413b", "#2f8f4e", "#b35fd0", "#8a7a2e"];

async function growth() {
  let body;
  try {
    body = line() + "}";
  } catch (e) {
    setStatus(e.message, true);
    return;
  }
  setStatus("measuring growth…");
  const data = await post("/api/growth", body);
  if (data.error) {
    setStatus(data.error, true);
    return;
  }
  setStatus("");
  if (data.sizes.length === 0) {
    $("growth").textContent = "This game has no family of smaller sizes to measure.";
    return;
  }
  drawGrowth(data);
}

function drawGrowth(data) {
  const box = $("growth");
  box.textContent = "";
  const W = 780, H = 260, L = 56, B = 34, T = 10, R = 230;
  const all = data.curves.flatMap((c) => c.positions.filter((p) => p != null));
  const top = Math.max(1, Math.ceil(Math.log10(Math.max(10, ...all) + 1)));
  const x = (i) => L + (data.sizes.length < 2 ? 0 : (i * (W - L - R)) / (data.sizes.length - 1));
  const y = (p) => T + (H - T - B) * (1 - Math.log10(p + 1) / top);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("width", String(W));
  svg.setAttribute("height", String(H));
  svg.setAttribute("class", "chart");
  const add = (tag, attrs, text) => {
    const el = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    if (text != null) el.textContent = text;
    svg.append(el);
    return el;
  };
  for (let d = 0; d <= top; d++) {
    add("line", { x1: L, x2: W - R, y1: y(10 ** d - 1), y2: y(10 ** d - 1), class: "grid" });
    add("text", { x: L - 6, y: y(10 ** d - 1) + 4, "text-anchor": "end" }, d === 0 ? "1" : `1e${d}`);
  }
  data.sizes.forEach((size, i) => {
    if (data.sizes.length <= 12 || i % 2 === 0 || i === data.sizes.length - 1) {
      add("text", { x: x(i), y: H - B + 16, "text-anchor": "middle" }, String(size));
    }
  });
  add("text", { x: (L + W - R) / 2, y: H - 4, "text-anchor": "middle" },
    "size of the game (the same game, smaller)");
  data.curves.forEach((c, k) => {
    const color = COLORS[k % COLORS.length];
    const points = c.positions
      .map((p, i) => (p == null ? null : `${x(i)},${y(p)}`))
      .filter((p) => p != null);
    add("polyline", { points: points.join(" "), fill: "none", stroke: color, "stroke-width": 2 });
    const gaveUp = c.positions.indexOf(null);
    const label = `${c.backend}/${c.variant}${gaveUp >= 0 ? ` (gave up at ${data.sizes[gaveUp]})` : ""}`;
    // A style property, not an attribute: the page's CSS colours text, and the server's
    // Content-Security-Policy refuses inline style attributes.
    add("text", { x: W - R + 8, y: T + 14 + k * 18 }, label).style.fill = color;
  });
  box.append(svg);
}

// ---- the trace -------------------------------------------------------------------------

function clearTrace(note) {
  trace = null;
  $("graph").textContent = "";
  $("graph").setAttribute("width", "10");
  $("graph").setAttribute("height", "10");
  $("trace-note").textContent = note;
  $("current").textContent = "";
  $("step-note").textContent = "";
  $("slider").max = "0";
}

function loadTrace(data) {
  const events = data.events;
  let note = data.summary;
  if (data.truncated) {
    note += `. Showing the first ${fmt(events.length)} steps of ${fmt(data.total_events)}.`;
  }
  if (data.view === "own") note = data.note;
  if (data.view === "settled") note = "The answer follows without any search: nothing to step through.";
  $("trace-title").textContent = `(${data.backend}/${data.variant})`;
  $("trace-note").textContent = note;
  trace = { data, step: 0, timer: null };
  if (data.view === "table") layoutTable(trace);
  else layoutGraph(trace, data.backend === "recursive");
  $("slider").max = String(events.length);
  setStep(events.length === 0 ? 0 : 1);
}

// Nodes: one per distinct position (the DAG of memo) or one per call (the tree of recursive).
function layoutGraph(t, tree) {
  const nodes = [];
  const byKey = new Map();
  const edges = [];
  const edgeKeys = new Map();
  const stack = [];
  t.eventNode = [];
  t.eventEdge = [];
  t.data.events.forEach((e, i) => {
    let node;
    if (e.kind === "enter" || e.kind === "memo_hit") {
      const key = tree ? `call${i}` : `pos${e.id}`;
      node = byKey.get(key);
      if (!node) {
        const parent = stack.length ? stack[stack.length - 1] : null;
        node = { index: nodes.length, label: e.position, depth: parent ? parent.depth + 1 : 0 };
        byKey.set(key, node);
        nodes.push(node);
      }
      const parent = stack.length ? stack[stack.length - 1] : null;
      if (parent) {
        const ek = `${parent.index}-${node.index}`;
        let edge = edgeKeys.get(ek);
        if (!edge) {
          edge = { from: parent, to: node, hit: e.kind === "memo_hit", first: i };
          edgeKeys.set(ek, edge);
          edges.push(edge);
        }
        t.eventEdge[i] = edge;
      }
      if (e.kind === "enter") stack.push(node);
    } else if (e.kind === "leave") {
      node = stack.pop();
    }
    t.eventNode[i] = node;
  });
  t.nodes = nodes.slice(0, MAX_DRAWN);
  t.edges = edges.filter((e) => e.from.index < MAX_DRAWN && e.to.index < MAX_DRAWN);
  if (nodes.length > MAX_DRAWN) {
    $("trace-note").textContent += ` The picture shows the first ${MAX_DRAWN} of its ${fmt(nodes.length)} nodes.`;
  }
  // Rows by depth, in order of first appearance.
  const rows = [];
  for (const n of t.nodes) (rows[n.depth] = rows[n.depth] || []).push(n);
  const charW = 7.3;
  const width = Math.max(18, ...t.nodes.map((n) => n.label.length)) * charW + 16;
  t.nodeWidth = width;
  const gapX = 14;
  const rowH = 64;
  const svgW = Math.max(...rows.map((r) => (r ? r.length : 0))) * (width + gapX) + gapX;
  rows.forEach((row) => {
    const rowW = row.length * (width + gapX) - gapX;
    row.forEach((n, i) => {
      n.x = (svgW - rowW) / 2 + i * (width + gapX);
      n.y = 12 + n.depth * rowH;
    });
  });
  const svg = $("graph");
  svg.textContent = "";
  svg.setAttribute("width", String(Math.ceil(svgW)));
  svg.setAttribute("height", String(rows.length * rowH + 12));
  svg.setAttribute("class", tree ? "tree" : "dag");
  for (const e of t.edges) {
    const path = document.createElementNS(SVG, "path");
    const x1 = e.from.x + width / 2;
    const y1 = e.from.y + 36;
    const x2 = e.to.x + width / 2;
    const y2 = e.to.y;
    path.setAttribute("d", `M${x1},${y1} C${x1},${y1 + 18} ${x2},${y2 - 18} ${x2},${y2}`);
    svg.append(path);
    e.el = path;
  }
  for (const n of t.nodes) {
    const g = document.createElementNS(SVG, "g");
    g.setAttribute("transform", `translate(${n.x},${n.y})`);
    const rect = document.createElementNS(SVG, "rect");
    rect.setAttribute("width", String(width));
    rect.setAttribute("height", "36");
    rect.setAttribute("rx", "5");
    const label = document.createElementNS(SVG, "text");
    label.setAttribute("x", "8");
    label.setAttribute("y", "15");
    label.textContent = n.label;
    const value = document.createElementNS(SVG, "text");
    value.setAttribute("x", "8");
    value.setAttribute("y", "30");
    value.setAttribute("class", "value");
    const title = document.createElementNS(SVG, "title");
    title.textContent = n.label;
    g.append(rect, label, value, title);
    svg.append(g);
    n.el = g;
    n.valueEl = value;
  }
}

// Cells of a bottom-up table, in fill order.
function layoutTable(t) {
  const events = t.data.events;
  const perRow = Math.min(40, Math.max(8, Math.ceil(Math.sqrt(events.length))));
  const size = 18;
  const svg = $("graph");
  svg.textContent = "";
  svg.setAttribute("class", "table");
  svg.setAttribute("width", String(perRow * size + 8));
  svg.setAttribute("height", String(Math.ceil(events.length / perRow) * size + 8));
  t.cells = events.map((e, i) => {
    const rect = document.createElementNS(SVG, "rect");
    rect.setAttribute("x", String(4 + (i % perRow) * size));
    rect.setAttribute("y", String(4 + Math.floor(i / perRow) * size));
    rect.setAttribute("width", String(size - 2));
    rect.setAttribute("height", String(size - 2));
    const g = document.createElementNS(SVG, "g");
    const title = document.createElementNS(SVG, "title");
    title.textContent = `${e.position}: ${e.value}`;
    g.append(rect, title);
    svg.append(g);
    return g;
  });
}

function valueClass(value) {
  if (!value) return "";
  if (value === "wins") return "win";
  if (value === "loses") return "loss";
  if (value === "draws") return "draw";
  const m = /margin ([+-]?\d+)/.exec(value);
  if (m) return Number(m[1]) > 0 ? "win" : Number(m[1]) < 0 ? "loss" : "draw";
  return "";
}

// Shows the state after the first `step` events.
function setStep(step) {
  if (!trace) return;
  const events = trace.data.events;
  step = Math.max(0, Math.min(events.length, step));
  trace.step = step;
  $("slider").value = String(step);
  $("step-note").textContent = `step ${fmt(step)} of ${fmt(events.length)}${trace.data.truncated ? ` (of ${fmt(trace.data.total_events)})` : ""}`;
  const current = step > 0 ? events[step - 1] : null;
  $("current").textContent = current ? describe(current) : "";
  if (trace.cells) {
    trace.cells.forEach((g, i) => {
      const cls = i < step ? `cell ${valueClass(events[i].value)}` : "cell pending";
      g.setAttribute("class", i === step - 1 ? `${cls} node current` : `${cls} node`);
    });
    return;
  }
  const state = new Map(); // node -> { open, value, hit }
  const seenEdges = new Set();
  for (let i = 0; i < step; i++) {
    const e = events[i];
    const node = trace.eventNode[i];
    if (!node) continue;
    const s = state.get(node) || {};
    if (e.kind === "enter") s.open = true;
    if (e.kind === "leave") {
      s.open = false;
      s.value = e.value;
    }
    if (e.kind === "memo_hit") {
      s.hit = true;
      s.value = s.value || e.value;
    }
    state.set(node, s);
    if (trace.eventEdge[i]) seenEdges.add(trace.eventEdge[i]);
  }
  const currentNode = step > 0 ? trace.eventNode[step - 1] : null;
  for (const n of trace.nodes) {
    const s = state.get(n);
    let cls = "node";
    if (!s) cls += " pending";
    else if (s.open) cls += " open";
    else cls += ` ${valueClass(s.value)}`;
    if (s && s.hit) cls += " memo-hit";
    if (n === currentNode) cls += " current";
    n.el.setAttribute("class", cls);
    n.valueEl.textContent = s && s.value ? s.value + (s.hit ? "  (memo hit)" : "") : "";
  }
  if (currentNode && currentNode.el) follow(currentNode);
  for (const e of trace.edges) {
    let cls = "edge";
    if (e.hit) cls += " memo-hit";
    if (!seenEdges.has(e)) cls += " pending";
    e.el.setAttribute("class", cls);
  }
}

// Scrolls the picture so that `node` is in view (wide trees and DAGs do not fit).
function follow(node) {
  const box = $("graph").parentElement;
  const left = node.x;
  const right = node.x + trace.nodeWidth;
  if (left < box.scrollLeft || right > box.scrollLeft + box.clientWidth) {
    box.scrollLeft = Math.max(0, (left + right) / 2 - box.clientWidth / 2);
  }
  const top = node.y;
  if (top < box.scrollTop || top + 40 > box.scrollTop + box.clientHeight) {
    box.scrollTop = Math.max(0, top - box.clientHeight / 3);
  }
}

function describe(e) {
  switch (e.kind) {
    case "enter":
      return `call   ${e.position}`;
    case "leave":
      return `return ${e.position}: ${e.value}`;
    case "memo_hit":
      return `memo hit ${e.position}: ${e.value} (answered from the memo, not expanded)`;
    case "cell":
      return `cell   ${e.position}: ${e.value}`;
    default:
      return e.position;
  }
}

// ---- a game against the perfect opponent (POST /api/play) ---------------------------------

let game = null; // { line, first, reply }

async function newGame() {
  let body;
  try {
    body = line();
  } catch (e) {
    setStatus(e.message, true);
    return;
  }
  game = { line: body, first: $("play-first").value, reply: null };
  await playMoves([]);
}

// Sends the moves so far; the server answers with the game after them and its own reply.
async function playMoves(moves) {
  if (!game) return;
  setStatus("playing…");
  const reply = await post(
    "/api/play",
    `${game.line},"first":${JSON.stringify(game.first)},"moves":${JSON.stringify(moves)}}`,
  );
  if (reply.error) {
    setStatus(reply.error, true);
    return;
  }
  setStatus("");
  game.reply = reply;
  showGame(reply);
}

// Moves of the human are every other move: the even ones when the human starts.
function undoMoves(moves, human) {
  const parity = human === "first" ? 0 : 1;
  for (let i = moves.length - 1; i >= 0; i--) {
    if (i % 2 === parity) return moves.slice(0, i);
  }
  return null;
}

function showGame(r) {
  $("play-intro").textContent = r.intro;
  $("play-board").textContent = r.board;
  const log = $("play-log");
  log.textContent = "";
  log.start = (r.log_omitted || 0) + 1;
  for (const text of r.log) log.append(cell("li", text));
  $("play-result").textContent = r.over ? r.result : "Your move.";
  $("play-undo").disabled = undoMoves(r.moves, r.human) === null;
  const box = $("play-moves");
  box.textContent = "";
  // The moves in a steady order (the hints come best first): numbers by size, words
  // alphabetically with the numbers in them by size.
  const hints = [...r.hints].sort((a, b) =>
    typeof a.move === "number" && typeof b.move === "number"
      ? a.move - b.move
      : String(a.move).localeCompare(String(b.move), "en", { numeric: true }),
  );
  for (const h of hints) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move";
    button.dataset.move = String(h.move);
    const hint = cell("span", `${h.value} · remoteness ${h.remoteness}`);
    hint.className = `hint ${h.value}`;
    hint.title = h.words;
    button.append(cell("span", h.label), hint);
    button.setAttribute("aria-label", `${h.label}: ${h.words}`);
    button.addEventListener("click", () => playMoves(r.moves.concat([h.move])));
    box.append(button);
  }
  const first = box.querySelector("button");
  if (first) first.focus();
}

function showHints() {
  $("play-moves").classList.toggle("hints", $("play-hints").checked);
}

// ---- stepping through a trace ----------------------------------------------------------------

function play() {
  if (!trace) return;
  if (trace.timer) return stop();
  if (trace.step >= trace.data.events.length) setStep(0);
  $("play").textContent = "❚❚ pause";
  const tick = () => {
    if (!trace) return;
    if (trace.step >= trace.data.events.length) return stop();
    setStep(trace.step + 1);
    trace.timer = setTimeout(tick, 1000 / Number($("speed").value));
  };
  trace.timer = setTimeout(tick, 0);
}

function stop() {
  if (trace && trace.timer) clearTimeout(trace.timer);
  if (trace) trace.timer = null;
  $("play").textContent = "▶ play";
}

function init() {
  initTrace();
  const embedded = $("trace-data");
  if (embedded) {
    // A file written by `explain --html`: the trace is in the page, nothing to fetch.
    loadTrace(JSON.parse(embedded.textContent));
    return;
  }
  $("game").addEventListener("change", showFields);
  $("play-new").addEventListener("click", newGame);
  $("play-undo").addEventListener("click", () => {
    const moves = game && game.reply && undoMoves(game.reply.moves, game.reply.human);
    if (moves) playMoves(moves);
  });
  $("play-hints").addEventListener("change", showHints);
  $("solve").addEventListener("click", solve);
  $("growth-button").addEventListener("click", growth);
  $("presets").addEventListener("click", (event) => {
    const b = event.target.closest("button");
    const info = gameInfo();
    if (!b || !info) return;
    const values = exampleValues(info, b.dataset.example);
    for (const p of info.params) {
      const input = paramInput(p);
      if (input) input.value = values[p.name];
    }
    solve();
  });
  // The games first: the backends' lists show the variants of the game picked.
  loadGames()
    .catch((e) => setStatus(`cannot list the games: ${e}`, true))
    .then(loadBackends)
    .catch((e) => setStatus(`cannot list the backends: ${e}`, true));
}

// The step controls and their keys (space, arrows), on the page and in an exported file.
function initTrace() {
  $("play").addEventListener("click", play);
  $("step").addEventListener("click", () => trace && setStep(trace.step + 1));
  $("back").addEventListener("click", () => trace && setStep(trace.step - 1));
  $("slider").addEventListener("input", () => setStep(Number($("slider").value)));
  document.addEventListener("keydown", (event) => {
    const typing = ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName) &&
      event.target.type !== "range";
    // Space and Enter on a focused button press it (a move of the game, say).
    const button = event.target.tagName === "BUTTON" && (event.key === " " || event.key === "Enter");
    if (typing || button || !trace) return;
    if (event.key === " ") {
      event.preventDefault();
      play();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      stop();
      setStep(trace.step + 1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      stop();
      setStep(trace.step - 1);
    }
  });
}

init();
