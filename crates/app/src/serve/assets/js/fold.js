// ---- tree vs DAG, side by side (`view=fold`) -------------------------------------------------
// The recursion tree (`recursive`) and the memo's DAG (`memo`, which traces memo/textbook: the
// recursion with a memo, in the same move order and with the same pruning) of one instance,
// stepped together: each step is a step of the tree; the DAG moves with it, a first call of
// a position being the DAG's expansion of it, a call of a position solved before being the
// DAG's memo hit (the same badge #k on both sides), and the calls inside such a repeated
// subtree being work the memo never does (faded in the tree, no step in the DAG).
// Hooks: #fold-tree and #fold-dag hold the two pictures; their counts carry `data-calls`,
// `data-distinct`, `data-repeats` (tree) and `data-positions`, `data-hits` (DAG), so far.

// The backend to trace beside `data` for the fold view, or null when it has none.
function foldPartner(data) {
  if (!data || data.view !== "tree") return null;
  if (data.backend === "recursive") return "memo";
  if (data.backend === "memo" && data.variant === "textbook") return "recursive";
  return null;
}

// The tree's and the DAG's traces, once both are at hand.
function foldPair(data) {
  const other = data && data.partner;
  if (!foldPartner(data) || !other || other.error || other.view !== "tree") return null;
  return data.backend === "recursive" ? { tree: data, dag: other } : { tree: other, dag: data };
}

// For each step of the tree (0..events), the steps of the DAG it stands for; null when the
// two traces do not fold into each other (a cut trace, another memo's order).
function foldSteps(tree, dag) {
  const at = [0];
  const seen = new Set();
  const inside = []; // per open call: { inside, first }
  let j = 0;
  const expect = (kind, position) => {
    const e = dag[j];
    if (!e || e.kind !== kind || e.position !== position) return false;
    j += 1;
    return true;
  };
  for (const e of tree) {
    if (e.kind === "enter") {
      const parentInside = inside.length ? inside[inside.length - 1].inside : false;
      const first = !seen.has(e.position);
      seen.add(e.position);
      if (!parentInside && !expect(first ? "enter" : "memo_hit", e.position)) return null;
      inside.push({ inside: parentInside || !first, first: first && !parentInside });
    } else if (e.kind === "leave") {
      const call = inside.pop();
      if (call && call.first && !expect("leave", e.position)) return null;
    }
    at.push(j);
  }
  return at;
}

function foldPanel(id, title) {
  const panel = el("div", null, "fold-panel");
  panel.id = id;
  panel.append(el("h3", title));
  const counts = el("p", "", "fold-count");
  const scroll = el("div", null, "fold-scroll");
  const svg = svgEl("svg", { xmlns: SVG });
  scroll.append(svg);
  panel.append(counts, scroll);
  return { panel, counts, scroll, svg };
}

// Lays out both pictures of the fold view in #fold-box.
function layoutFold(t) {
  const pair = foldPair(t.data);
  const box = $("fold-box");
  box.textContent = "";
  const steps = pair && foldSteps(pair.tree.events, pair.dag.events);
  if (!pair || !steps) {
    box.append(el("p", "The tree and the DAG of this trace cannot be shown side by side (a cut trace, or a memo variant with an order of its own).", "note"));
    t.fold = null;
    return;
  }
  // One badge number per position the memo answers, in the order of its first memo hit.
  const badgeOf = new Map();
  for (const e of pair.dag.events) {
    if (e.kind === "memo_hit" && !badgeOf.has(e.position)) badgeOf.set(e.position, badgeOf.size + 1);
  }
  const left = foldPanel("fold-tree", `The recursion tree (${pair.tree.backend}/${pair.tree.variant}): one node per call`);
  const right = foldPanel("fold-dag", `The memo's DAG (${pair.dag.backend}/${pair.dag.variant}): one node per position`);
  box.append(left.panel, right.panel);
  const tree = { data: pair.tree, fold: true, box: left.scroll, counts: left.counts };
  const dag = { data: pair.dag, fold: true, box: right.scroll, counts: right.counts };
  layoutGraph(tree, true, { svg: left.svg, fold: true, badgeOf, quiet: true });
  layoutGraph(dag, false, { svg: right.svg, fold: true, badgeOf, quiet: true });
  panAndZoom(left.scroll, () => tree);
  panAndZoom(right.scroll, () => dag);
  t.fold = { tree, dag, steps };
  // Again, now that the zoom label can name both scales.
  fitGraph(tree);
  fitGraph(dag);
  addNote("The DAG is the tree folded: each call of a position solved before (badge #k, dashed) is one memo hit of the DAG with the same badge; the calls below it (faded) are work the memo never does.");
}

// Both pictures after the first `step` steps of the tree.
function showFold(step) {
  const f = trace.fold;
  if (!f) return;
  const events = f.tree.data.events;
  const e = step > 0 ? events[step - 1] : null;
  showGraph(step, f.tree);
  showGraph(f.steps[step], f.dag);
  let words = e ? describe(e) : "";
  const node = e && f.tree.eventNode[step - 1];
  if (e && e.kind === "enter" && node) {
    if (node.repeatRoot) words += "  (solved before: the memo answers it, a memo hit)";
    else if (node.folded) words += "  (inside a repeated subtree: the memo never makes this call)";
  }
  $("current").textContent = words;
  // The counts so far.
  let calls = 0;
  let repeats = 0;
  const distinct = new Set();
  for (let i = 0; i < step; i++) {
    if (events[i].kind !== "enter") continue;
    calls += 1;
    distinct.add(events[i].position);
    const n = f.tree.eventNode[i];
    if (n && n.repeatRoot) repeats += 1;
  }
  let positions = 0;
  let hits = 0;
  const dagEvents = f.dag.data.events;
  for (let i = 0; i < f.steps[step]; i++) {
    if (dagEvents[i].kind === "enter") positions += 1;
    if (dagEvents[i].kind === "memo_hit") hits += 1;
  }
  const plural = (n, one, many) => `${fmt(n)} ${n === 1 ? one : many}`;
  const tc = f.tree.counts;
  tc.textContent = `${plural(calls, "call", "calls")} of ${plural(distinct.size, "distinct position", "distinct positions")}; ${plural(repeats, "call repeats", "calls repeat")} a position solved before (${plural(calls - distinct.size, "call", "calls")} with the ones below them)`;
  tc.dataset.calls = String(calls);
  tc.dataset.distinct = String(distinct.size);
  tc.dataset.repeats = String(repeats);
  const dc = f.dag.counts;
  dc.textContent = `${plural(positions, "position", "positions")} expanded, ${plural(hits, "memo hit", "memo hits")}`;
  dc.dataset.positions = String(positions);
  dc.dataset.hits = String(hits);
}
