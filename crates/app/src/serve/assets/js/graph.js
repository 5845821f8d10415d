// ---- the call tree (recursive) and the DAG (memo) ------------------------------------------
// Repeated subproblems carry a badge: in the tree every call of a position solved more than
// once shows the same `#k` and "solved N times"; in the DAG the positions answered from the
// memo show the same `#k` and "from the memo N times". A badge and its count appear at the
// step that reveals them (the second call, the first memo hit), never before.
//
// The fold view (`view=fold`) draws both side by side, the recursion tree and the memo's DAG
// of the same instance: the DAG is the tree folded, each repeated subtree of the tree (a call
// of a position solved before) being one memo hit of the DAG, marked alike (`#k`, dashed);
// the calls inside a repeated subtree, which the memo never makes, are faded.

const NODE_H = 36; // a node's box: its position and its value
const NODE_H_BADGE = 50; // with a third line for the badge's words
const ROW_H = 64;

// Nodes: one per distinct position (the DAG of memo) or one per call (the tree of recursive).
// `opts.svg` is where to draw (the page's #graph by default); `opts.fold` marks the tree's
// repeated subtrees for the fold view.
function layoutGraph(t, tree, opts) {
  opts = opts || {};
  const svg = opts.svg || $("graph");
  const nodes = [];
  const byKey = new Map();
  const edges = [];
  const edgeKeys = new Map();
  const stack = [];
  const repeats = new Map(); // position id -> calls (tree) or memo hits (DAG)
  t.eventNode = [];
  t.eventEdge = [];
  t.svg = svg;
  // The fold view's tree: which calls repeat a solved position outside a repeated subtree
  // (the memo answers them: a memo hit), and which lie inside one (the memo never calls them).
  const seen = new Set();
  const inside = [];
  t.data.events.forEach((e, i) => {
    let node;
    if (e.kind === "enter" || e.kind === "memo_hit") {
      const key = tree ? `call${i}` : `pos${e.id}`;
      node = byKey.get(key);
      if (!node) {
        const parent = stack.length ? stack[stack.length - 1] : null;
        node = { index: nodes.length, id: e.id, label: e.position, depth: parent ? parent.depth + 1 : 0 };
        byKey.set(key, node);
        nodes.push(node);
      }
      if (tree && e.kind === "enter") {
        const parentInside = inside.length ? inside[inside.length - 1] : false;
        const first = !seen.has(e.id);
        seen.add(e.id);
        node.repeatRoot = !first && !parentInside;
        node.folded = parentInside;
        inside.push(parentInside || !first);
      }
      if (tree ? e.kind === "enter" : e.kind === "memo_hit") repeats.set(e.id, (repeats.get(e.id) || 0) + 1);
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
      if (tree) inside.pop();
    }
    t.eventNode[i] = node;
  });
  // Badges in order of first appearance, for the positions met more than once; the fold
  // view numbers both pictures by the DAG's memo hits (`opts.badgeOf`, by position).
  const badges = new Map();
  for (const n of nodes) {
    const count = repeats.get(n.id) || 0;
    if (opts.badgeOf) {
      const k = opts.badgeOf.get(n.label);
      if (k && (!tree || count > 1) && !badges.has(n.id)) badges.set(n.id, k);
    } else if ((tree ? count > 1 : count > 0) && !badges.has(n.id)) {
      badges.set(n.id, badges.size + 1);
    }
  }
  t.tree = tree;
  t.repeats = repeats;
  t.repeated = badges.size;
  t.nodes = nodes.slice(0, MAX_DRAWN);
  t.allNodes = nodes.length;
  t.edges = edges.filter((e) => e.from.index < MAX_DRAWN && e.to.index < MAX_DRAWN);
  if (nodes.length > MAX_DRAWN && !opts.quiet) {
    addNote(`The picture shows the first ${MAX_DRAWN} of its ${fmt(nodes.length)} nodes.`);
  }
  if (badges.size > 0 && !opts.quiet) {
    addNote(tree
      ? `Positions solved more than once carry the same badge #k on each of their calls, from their second call on: the work a memo saves.`
      : `Positions answered from the memo carry a badge #k (dashed edges) from their first memo hit on: each is solved once.`);
  }
  // Rows by depth, in order of first appearance.
  const rows = [];
  for (const n of t.nodes) (rows[n.depth] = rows[n.depth] || []).push(n);
  const charW = 7.3;
  // A tree too wide to read when fitted to its box is drawn as an outline instead: one line
  // per call in call order, indented by depth (as `explain` prints it), which fits any width.
  const box = graphBox(t);
  const widest = Math.max(1, ...rows.map((r) => (r ? r.length : 0)));
  const layeredW = widest * (Math.max(17, ...t.nodes.map((n) => n.label.length + 4)) * charW + 30);
  if (tree && layeredW * READABLE > Math.max(300, box.clientWidth)) {
    layoutOutline(t, svg, badges, charW, opts);
    fitGraph(t);
    return;
  }
  // Wide enough for the position, and for the value beside nothing (the badge's words have
  // a line of their own).
  t.outline = false;
  const width = Math.max(17, ...t.nodes.map((n) => n.label.length + (badges.size ? 4 : 0))) * charW + 16;
  const nodeH = badges.size ? NODE_H_BADGE : NODE_H;
  t.nodeWidth = width;
  t.nodeHeight = nodeH;
  const gapX = 14;
  // Each level (depth) on a row of its own, so that levels can be told apart; a DAG whose
  // widest row would be fitted below a readable scale is drawn at that scale and scrolls
  // sideways in its box (fitGraph), rather than wrapping a level onto several rows.
  const lines = rows.filter((row) => row);
  const svgW = Math.max(1, ...lines.map((line) => line.length)) * (width + gapX) + gapX;
  lines.forEach((line, j) => {
    const lineW = line.length * (width + gapX) - gapX;
    line.forEach((n, i) => {
      n.x = (svgW - lineW) / 2 + i * (width + gapX);
      n.y = 12 + j * ROW_H;
    });
  });
  svg.dataset.layout = "layers";
  svg.textContent = "";
  t.width = Math.ceil(svgW);
  t.height = lines.length * ROW_H + 12;
  svg.setAttribute("viewBox", `0 0 ${t.width} ${t.height}`);
  svg.setAttribute("class", `${tree ? "tree" : "dag"}${opts.fold ? " fold-graph" : ""}`);
  for (const e of t.edges) {
    const x1 = e.from.x + width / 2;
    const y1 = e.from.y + nodeH;
    const x2 = e.to.x + width / 2;
    const y2 = e.to.y;
    const path = svgEl("path", { d: `M${x1},${y1} C${x1},${y1 + 14} ${x2},${y2 - 14} ${x2},${y2}` });
    svg.append(path);
    e.el = path;
  }
  for (const n of t.nodes) {
    const g = svgEl("g", { transform: `translate(${n.x},${n.y})` });
    const rect = svgEl("rect", { width, height: nodeH, rx: 5 });
    const label = svgEl("text", { x: 8, y: 15 }, n.label);
    const value = svgEl("text", { x: 8, y: 30, class: "value" });
    const title = svgEl("title", {}, n.label);
    g.append(rect, label, value);
    const badge = badges.get(n.id);
    if (badge) {
      // Filled in by showGraph once the step reveals them.
      n.badgeEl = svgEl("text", { x: width - 8, y: 15, class: "badge", "text-anchor": "end" });
      n.badgeNote = svgEl("text", { x: 8, y: 44, class: "badge-note" });
      g.append(n.badgeEl, n.badgeNote);
      n.badge = badge;
    }
    if (opts.fold && n.repeatRoot) g.dataset.fold = "hit";
    if (opts.fold && n.folded) g.dataset.fold = "skipped";
    g.append(title);
    n.title = title;
    svg.append(g);
    n.el = g;
    n.valueEl = value;
  }
  fitGraph(t);
}

// The outline of a tree: one line per call (position, value, badge), indented by depth, an
// elbow from each call to its parent.
function layoutOutline(t, svg, badges, charW, opts) {
  const lineH = 26;
  const indent = 18;
  const labelW = Math.max(...t.nodes.map((n) => n.label.length)) * charW + 14;
  // Room for "being solved…", for the value, and for "  (memo hit)" beside it where the
  // trace has memo hits.
  const note = t.data.events.some((e) => e.kind === "memo_hit") ? 12 : 2;
  const valueW = Math.max(15, ...t.data.events.map((e) => (e.value ? e.value.length + note : 0))) * charW;
  const badgeW = badges.size ? 21 * charW : 0; // "again: a memo hit  #k"
  const width = labelW + valueW + badgeW;
  const maxDepth = Math.max(0, ...t.nodes.map((n) => n.depth));
  t.nodes.forEach((n, i) => {
    n.x = 6 + n.depth * indent;
    n.y = 6 + i * lineH;
  });
  t.outline = true;
  t.nodeWidth = width;
  t.nodeHeight = lineH - 6;
  t.width = Math.ceil(6 + maxDepth * indent + width + 6);
  t.height = 6 + t.nodes.length * lineH;
  svg.textContent = "";
  svg.setAttribute("viewBox", `0 0 ${t.width} ${t.height}`);
  svg.setAttribute("class", `tree outline${opts.fold ? " fold-graph" : ""}`);
  svg.dataset.layout = "outline";
  for (const e of t.edges) {
    const x1 = e.from.x + 8;
    const y1 = e.from.y + lineH - 6;
    const x2 = e.to.x;
    const y2 = e.to.y + (lineH - 6) / 2;
    const path = svgEl("path", { d: `M${x1},${y1} V${y2} H${x2}` });
    svg.append(path);
    e.el = path;
  }
  for (const n of t.nodes) {
    const g = svgEl("g", { transform: `translate(${n.x},${n.y})` });
    const rect = svgEl("rect", { width, height: lineH - 6, rx: 4 });
    const label = svgEl("text", { x: 6, y: 14 }, n.label);
    const value = svgEl("text", { x: labelW, y: 14, class: "value" });
    const title = svgEl("title", {}, n.label);
    g.append(rect, label, value);
    const badge = badges.get(n.id);
    if (badge) {
      n.badgeEl = svgEl("text", { x: width - 6, y: 14, class: "badge", "text-anchor": "end" });
      n.badgeNote = svgEl("text", { x: labelW + valueW, y: 14, class: "badge-note" });
      g.append(n.badgeEl, n.badgeNote);
      n.badge = badge;
    }
    if (opts.fold && n.repeatRoot) g.dataset.fold = "hit";
    if (opts.fold && n.folded) g.dataset.fold = "skipped";
    g.append(title);
    n.title = title;
    svg.append(g);
    n.el = g;
    n.valueEl = value;
  }
}

// Draws `t` (the page's trace, or one side of the fold view) after its first `step` steps;
// `t` defaults to the page's trace.
function showGraph(step, t) {
  const own = !t;
  t = t || trace;
  const events = t.data.events;
  if (own) {
    const current = step > 0 ? events[step - 1] : null;
    $("current").textContent = current ? describe(current) : "";
  }
  const state = new Map(); // node -> { open, event, hit }
  const seenEdges = new Set();
  const met = new Map(); // position id -> calls (tree) or memo hits (DAG) so far
  for (let i = 0; i < step; i++) {
    const e = events[i];
    const node = t.eventNode[i];
    if (!node) continue;
    if (t.tree ? e.kind === "enter" : e.kind === "memo_hit") met.set(e.id, (met.get(e.id) || 0) + 1);
    const s = state.get(node) || {};
    if (e.kind === "enter") s.open = true;
    if (e.kind === "leave") {
      s.open = false;
      s.event = e;
    }
    if (e.kind === "memo_hit") {
      s.hit = true;
      s.event = s.event || e;
    }
    state.set(node, s);
    if (t.eventEdge[i]) seenEdges.add(t.eventEdge[i]);
  }
  const currentNode = step > 0 ? t.eventNode[step - 1] : null;
  for (const n of t.nodes) {
    const s = state.get(n);
    let cls = "node";
    if (!s) cls += " pending";
    else if (s.open) cls += " open";
    else cls += ` ${valueClass(s.event)}`;
    if (s && s.hit) cls += " memo-hit";
    if (s && n.repeatRoot && t.fold) cls += " memo-hit";
    if (s && n.folded && t.fold) cls += " folded";
    // The badge once revealed: the position's second call (tree), its first memo hit (DAG);
    // on a call not reached yet, not before the step reaches it.
    const count = met.get(n.id) || 0;
    const shown = n.badge && s && (t.tree ? count > 1 : count > 0);
    if (shown) cls += ` repeat repeat-${(n.badge - 1) % 6}`;
    if (n === currentNode) cls += " current";
    n.el.setAttribute("class", cls);
    if (n.badge) {
      const words = t.tree
        ? t.fold
          ? n.repeatRoot ? "again: a memo hit" : n.folded ? "again (skipped)" : `solved ${count} time${count === 1 ? "" : "s"}`
          : `solved ${count} times`
        : `from the memo ${count} time${count === 1 ? "" : "s"}`;
      n.badgeEl.textContent = shown ? `#${n.badge}` : "";
      n.badgeNote.textContent = shown ? words : "";
      n.title.textContent = shown ? `${n.label} (#${n.badge}: ${words})` : n.label;
      if (shown) {
        n.el.dataset.repeat = String(n.badge);
        n.el.dataset.count = String(count);
      } else {
        delete n.el.dataset.repeat;
        delete n.el.dataset.count;
      }
    }
    // A memo hit's node without a badge says so beside its value.
    const hitNote = s && s.hit && !shown ? "  (memo hit)" : "";
    n.valueEl.textContent = s && s.event ? s.event.value + hitNote : s && s.open ? "being solved…" : "";
    if (s && s.event) n.el.dataset.value = cellValue(s.event);
    else delete n.el.dataset.value;
  }
  if (currentNode && currentNode.el) follow(currentNode, t);
  // An edge not taken yet is plain: its memo hit or fold shows once the step takes it.
  for (const e of t.edges) {
    let cls = "edge";
    if (!seenEdges.has(e)) cls += " pending";
    else {
      if (e.hit || (t.fold && e.to.repeatRoot)) cls += " memo-hit";
      if (t.fold && e.to.folded) cls += " folded";
    }
    e.el.setAttribute("class", cls);
  }
}

// ---- fit, zoom and pan ---------------------------------------------------------------------
// A picture opens fitted to the width of its box (never enlarged); the zoom buttons, the keys
// + - 0, Ctrl+wheel and a pinch zoom it, a drag (mouse or finger) or the scroll bars pan it.

const ZOOM_MIN = 0.1;
const ZOOM_MAX = 3;
// The least scale a picture opens at (its 12 px text at 9.6 px or more): a tree that would be
// fitted smaller is drawn as an outline, a DAG scrolls sideways.
const READABLE = 0.8;

// The box a picture scrolls in: its fold panel, else the page's view.
function graphBox(t) {
  return t.box || $("view");
}

// Sets `t`'s zoom: "fit" (to its box's width, at most 1) or a scale.
function fitGraph(t, zoom) {
  if (zoom != null) t.zoom = zoom;
  if (t.zoom == null) t.zoom = "fit";
  const box = graphBox(t);
  const room = Math.max(120, box.clientWidth - 4);
  // Fitted, a layered picture stays readable (READABLE at least) and scrolls sideways when
  // wider than its box; an outline fits any width.
  const floor = t.outline ? 0 : READABLE;
  const scale = t.zoom === "fit" ? Math.min(1, Math.max(floor, room / t.width)) : t.zoom;
  t.scale = Math.max(ZOOM_MIN, Math.min(ZOOM_MAX, scale));
  t.svg.setAttribute("width", String(Math.round(t.width * t.scale)));
  t.svg.setAttribute("height", String(Math.round(t.height * t.scale)));
  t.svg.dataset.zoom = t.zoom === "fit" ? "fit" : t.scale.toFixed(2);
  t.svg.dataset.scale = t.scale.toFixed(3);
  const label = document.querySelector("#zoom .zoom-level");
  if (label) {
    // Both scales in the fold view (tree · DAG).
    const both = trace && trace.fold && trace.view === "fold" ? [trace.fold.tree, trace.fold.dag] : [t];
    label.textContent = both.map((g) => `${Math.round((g.scale || 1) * 100)} %`).join(" · ");
  }
}

// Zooms `t` by `factor` around the point (x, y) of its box (the centre by default).
function zoomGraph(t, factor, x, y) {
  const box = graphBox(t);
  const old = t.scale;
  const next = Math.max(ZOOM_MIN, Math.min(ZOOM_MAX, old * factor));
  if (x == null) [x, y] = [box.clientWidth / 2, box.clientHeight / 2];
  const cx = (box.scrollLeft + x) / old;
  const cy = (box.scrollTop + y) / old;
  fitGraph(t, next);
  box.scrollLeft = cx * next - x;
  box.scrollTop = cy * next - y;
}

// The pictures shown now: the page's trace, or both sides of the fold view.
function shownGraphs() {
  if (!trace) return [];
  if (trace.view === "fold" && trace.fold) return [trace.fold.tree, trace.fold.dag];
  if (trace.view === "tree" || trace.view === "dag") return [trace];
  return [];
}

// Mouse, wheel and touch on a picture's box: drag to pan, Ctrl+wheel or pinch to zoom.
function panAndZoom(box, graph) {
  if (box.dataset.panning) return;
  box.dataset.panning = "1";
  let drag = null;
  box.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "touch" || event.button !== 0) return; // a finger scrolls natively
    drag = { x: event.clientX, y: event.clientY, left: box.scrollLeft, top: box.scrollTop };
    box.classList.add("dragging");
  });
  window.addEventListener("pointermove", (event) => {
    if (!drag) return;
    box.scrollLeft = drag.left - (event.clientX - drag.x);
    box.scrollTop = drag.top - (event.clientY - drag.y);
  });
  window.addEventListener("pointerup", () => {
    drag = null;
    box.classList.remove("dragging");
  });
  box.addEventListener("wheel", (event) => {
    const t = graph();
    if (!t || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    const r = box.getBoundingClientRect();
    zoomGraph(t, event.deltaY < 0 ? 1.15 : 1 / 1.15, event.clientX - r.left, event.clientY - r.top);
  }, { passive: false });
  let pinch = null;
  const spread = (touches) => Math.hypot(touches[0].clientX - touches[1].clientX, touches[0].clientY - touches[1].clientY);
  box.addEventListener("touchstart", (event) => {
    if (event.touches.length === 2) pinch = spread(event.touches);
  }, { passive: true });
  box.addEventListener("touchmove", (event) => {
    const t = graph();
    if (!t || !pinch || event.touches.length !== 2) return;
    event.preventDefault();
    const now = spread(event.touches);
    zoomGraph(t, now / pinch);
    pinch = now;
  }, { passive: false });
  box.addEventListener("touchend", () => {
    pinch = null;
  });
}

// The zoom buttons above the picture, and the keys + - 0.
function initZoom() {
  const bar = $("zoom");
  if (!bar) return;
  bar.addEventListener("click", (event) => {
    const b = event.target.closest("button");
    if (!b) return;
    for (const t of shownGraphs()) {
      if (b.dataset.zoom === "fit") fitGraph(t, "fit");
      else zoomGraph(t, b.dataset.zoom === "in" ? 1.25 : 0.8);
    }
  });
  panAndZoom($("view"), () => (trace && (trace.view === "tree" || trace.view === "dag") ? trace : null));
  window.addEventListener("resize", () => {
    for (const t of shownGraphs()) if (t.zoom === "fit") fitGraph(t);
  });
}

// Scrolls the picture so that `node` is in view (wide trees and DAGs do not fit).
function follow(node, t) {
  t = t || trace;
  const box = graphBox(t);
  const s = t.scale || 1;
  const left = node.x * s;
  const right = (node.x + t.nodeWidth) * s;
  if (left < box.scrollLeft || right > box.scrollLeft + box.clientWidth) {
    box.scrollLeft = Math.max(0, (left + right) / 2 - box.clientWidth / 2);
  }
  const top = node.y * s;
  if (top < box.scrollTop || top + (t.nodeHeight + 4) * s > box.scrollTop + box.clientHeight) {
    box.scrollTop = Math.max(0, top - box.clientHeight / 3);
  }
}
