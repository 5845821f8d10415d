// ---- the call tree (recursive) and the DAG (memo) ------------------------------------------
// Repeated subproblems carry a badge: in the tree every call of a position solved more than
// once shows the same `#k` and "solved N times"; in the DAG the positions answered from the
// memo show the same `#k` and "from the memo N times".

// Nodes: one per distinct position (the DAG of memo) or one per call (the tree of recursive).
function layoutGraph(t, tree) {
  const nodes = [];
  const byKey = new Map();
  const edges = [];
  const edgeKeys = new Map();
  const stack = [];
  const repeats = new Map(); // position id -> calls (tree) or memo hits (DAG)
  t.eventNode = [];
  t.eventEdge = [];
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
    }
    t.eventNode[i] = node;
  });
  // Badges in order of first appearance, for the positions met more than once.
  const badges = new Map();
  for (const n of nodes) {
    const count = repeats.get(n.id) || 0;
    if ((tree ? count > 1 : count > 0) && !badges.has(n.id)) badges.set(n.id, badges.size + 1);
  }
  t.repeated = badges.size;
  t.nodes = nodes.slice(0, MAX_DRAWN);
  t.edges = edges.filter((e) => e.from.index < MAX_DRAWN && e.to.index < MAX_DRAWN);
  if (nodes.length > MAX_DRAWN) {
    addNote(`The picture shows the first ${MAX_DRAWN} of its ${fmt(nodes.length)} nodes.`);
  }
  if (badges.size > 0) {
    addNote(tree
      ? `${fmt(badges.size)} positions are solved more than once (the same badge #k on each of their calls): the work a memo saves.`
      : `${fmt(badges.size)} positions are answered from the memo (badge #k, dashed edges): each is solved once.`);
  }
  // Rows by depth, in order of first appearance.
  const rows = [];
  for (const n of t.nodes) (rows[n.depth] = rows[n.depth] || []).push(n);
  const charW = 7.3;
  const badgeChars = badges.size ? 12 : 0;
  const width = Math.max(22, ...t.nodes.map((n) => n.label.length + badgeChars)) * charW + 16;
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
    const x1 = e.from.x + width / 2;
    const y1 = e.from.y + 36;
    const x2 = e.to.x + width / 2;
    const y2 = e.to.y;
    const path = svgEl("path", { d: `M${x1},${y1} C${x1},${y1 + 18} ${x2},${y2 - 18} ${x2},${y2}` });
    svg.append(path);
    e.el = path;
  }
  for (const n of t.nodes) {
    const g = svgEl("g", { transform: `translate(${n.x},${n.y})` });
    const rect = svgEl("rect", { width, height: 36, rx: 5 });
    const label = svgEl("text", { x: 8, y: 15 }, n.label);
    const value = svgEl("text", { x: 8, y: 30, class: "value" });
    const count = repeats.get(n.id) || 0;
    const title = svgEl("title", {}, n.label);
    g.append(rect, label, value);
    const badge = badges.get(n.id);
    if (badge) {
      const words = tree ? `solved ${count} times` : `from the memo ${count} time${count === 1 ? "" : "s"}`;
      g.append(svgEl("text", { x: width - 8, y: 15, class: "badge", "text-anchor": "end" }, `#${badge}`));
      g.append(svgEl("text", { x: width - 8, y: 30, class: "badge-note", "text-anchor": "end" }, words));
      title.textContent += ` (#${badge}: ${words})`;
      g.dataset.repeat = String(badge);
      g.dataset.count = String(count);
      n.badge = badge;
    }
    g.append(title);
    svg.append(g);
    n.el = g;
    n.valueEl = value;
  }
}

function showGraph(step) {
  const events = trace.data.events;
  const current = step > 0 ? events[step - 1] : null;
  $("current").textContent = current ? describe(current) : "";
  const state = new Map(); // node -> { open, event, hit }
  const seenEdges = new Set();
  for (let i = 0; i < step; i++) {
    const e = events[i];
    const node = trace.eventNode[i];
    if (!node) continue;
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
    if (trace.eventEdge[i]) seenEdges.add(trace.eventEdge[i]);
  }
  const currentNode = step > 0 ? trace.eventNode[step - 1] : null;
  for (const n of trace.nodes) {
    const s = state.get(n);
    let cls = "node";
    if (!s) cls += " pending";
    else if (s.open) cls += " open";
    else cls += ` ${valueClass(s.event)}`;
    if (s && s.hit) cls += " memo-hit";
    if (n.badge) cls += ` repeat repeat-${(n.badge - 1) % 6}`;
    if (n === currentNode) cls += " current";
    n.el.setAttribute("class", cls);
    // A memo hit's node carries its badge ("from the memo N times") beside the value.
    const hitNote = s && s.hit && !n.badge ? "  (memo hit)" : "";
    n.valueEl.textContent = s && s.event ? s.event.value + hitNote : s && s.open ? "being solved…" : "";
    if (s && s.event) n.el.dataset.value = cellValue(s.event);
    else delete n.el.dataset.value;
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
  const box = $("view");
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
