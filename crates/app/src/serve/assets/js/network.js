// ---- a game played on a graph (a parameter of kind `graph`: Cat and Mouse) ----------------
// The graph drawn as nodes on a circle with its edges; node 0, the hole, marked; the nodes a
// position names ("mouse 3, cat 4, …" in the game's words) marked as the Mouse's and the
// Cat's. Drawn on the example buttons (in place of the command-line words), beside the
// step-through (the position of the current step) and beside the game in play (the board).
// Hooks: `svg.network` with `data-nodes`; nodes `[data-node]`, marked `data-role` (`hole`,
// `mouse`, `cat`).

// The adjacency lists of the game's graph parameter, or null.
function networkOf(info, values) {
  const p = info && info.params.find((q) => q.kind === "graph");
  if (!p) return null;
  const text = values ? values[p.name] : (paramInput(p) || {}).value;
  try {
    const lists = JSON.parse(text);
    return Array.isArray(lists) && lists.every(Array.isArray) ? lists : null;
  } catch (e) {
    return null;
  }
}

// The nodes a position's words name: "mouse 1, cat 2, mouse to move".
function networkMarks(words) {
  const marks = {};
  const mouse = /\bmouse (\d+)/i.exec(words || "");
  const cat = /\bcat (\d+)/i.exec(words || "");
  if (mouse) marks.mouse = Number(mouse[1]);
  if (cat) marks.cat = Number(cat[1]);
  return marks;
}

// An <svg> of `lists` (size `px`), with the marks.
function drawNetwork(lists, marks, px) {
  const n = lists.length;
  const r = px / 2 - 16;
  const at = (k) => [px / 2 + r * Math.sin((2 * Math.PI * k) / n), px / 2 - r * Math.cos((2 * Math.PI * k) / n)];
  const svg = svgEl("svg", { width: px, height: px, viewBox: `0 0 ${px} ${px}`, class: "network", role: "img" });
  svg.dataset.nodes = String(n);
  const words = [];
  lists.forEach((out, a) => {
    for (const b of out) {
      if (b > a && b < n) {
        const [x1, y1] = at(a);
        const [x2, y2] = at(b);
        svg.append(svgEl("line", { x1, y1, x2, y2, class: "link" }));
      }
    }
  });
  for (let k = 0; k < n; k++) {
    const [x, y] = at(k);
    const g = svgEl("g", { transform: `translate(${x},${y})` });
    g.dataset.node = String(k);
    const roles = [];
    if (k === 0) roles.push("hole");
    if (marks && marks.mouse === k) roles.push("mouse");
    if (marks && marks.cat === k) roles.push("cat");
    if (roles.length) g.dataset.role = roles.join(" ");
    g.setAttribute("class", `net-node ${roles.join(" ")}`);
    g.append(svgEl("circle", { r: px < 100 ? 7 : 11 }));
    g.append(svgEl("text", { y: px < 100 ? 3 : 4, "text-anchor": "middle" }, String(k)));
    if (px >= 100) {
      const tag = roles.map((role) => ({ hole: "hole", mouse: "🐭 Mouse", cat: "🐱 Cat" })[role]).join(", ");
      if (tag) g.append(svgEl("text", { y: -15, "text-anchor": "middle", class: "tag" }, tag));
    }
    svg.append(g);
  }
  if (marks && marks.mouse != null) words.push(`the Mouse on ${marks.mouse}`);
  if (marks && marks.cat != null) words.push(`the Cat on ${marks.cat}`);
  svg.append(svgEl("title", {}, `a graph of ${n} node${n === 1 ? "" : "s"}, the hole at 0${words.length ? `; ${words.join(", ")}` : ""}`));
  return svg;
}

// Puts the picture of the current graph with `words`' marks in `box` (emptied when the game
// has no graph).
function showNetwork(box, words, values) {
  if (!box) return;
  box.textContent = "";
  const lists = networkOf(gameInfo(), values);
  box.hidden = !lists;
  if (lists) box.append(drawNetwork(lists, networkMarks(words), 220));
}
