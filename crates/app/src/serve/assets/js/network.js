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

// ---- a game on a grid of stones (Connect Four) ----------------------------------------------
// The board a position's words show, drawn as a grid of cells, each empty or holding an `X`
// (the first player's) or `O` stone. Hooks: `svg.board` with `data-board` ("7x6"); cells
// `[data-cell]` ("column,row", both from 1, the row from the bottom) with `data-stone` (`x`,
// `o`) when taken.

// The rows from the top in a position's words: `..X./.OX.` (the views), or `play`'s lines
// `|.|X|O|.|`; null for words that show no such board.
function boardRows(words) {
  const text = String(words || "").trim();
  if (/^[XO.]+(\/[XO.]+)+$/.test(text)) return text.split("/");
  const lines = text.split("\n").map((l) => l.trim()).filter((l) => /^\|([XO.]\|)+$/.test(l));
  return lines.length >= 2 ? lines.map((l) => l.replace(/\|/g, "")) : null;
}

// An <svg> of the board `rows` (from the top), cells of `cell` pixels.
function drawBoard(rows, cell) {
  const height = rows.length;
  const width = rows[0].length;
  const svg = svgEl("svg", { width: width * cell, height: height * cell, viewBox: `0 0 ${width * cell} ${height * cell}`, class: "board", role: "img" });
  svg.dataset.board = `${width}x${height}`;
  svg.append(svgEl("rect", { x: 0, y: 0, width: width * cell, height: height * cell, class: "board-frame" }));
  let stones = 0;
  rows.forEach((row, top) => {
    [...row].forEach((ch, c) => {
      const disc = svgEl("circle", { cx: c * cell + cell / 2, cy: top * cell + cell / 2, r: cell * 0.4 });
      disc.dataset.cell = `${c + 1},${height - top}`;
      if (ch === "X" || ch === "O") {
        disc.dataset.stone = ch.toLowerCase();
        stones += 1;
      }
      disc.setAttribute("class", `board-cell ${disc.dataset.stone || "empty"}`);
      svg.append(disc);
    });
  });
  svg.append(svgEl("title", {}, `a board of ${width} columns and ${height} rows, ${stones} stone${stones === 1 ? "" : "s"} played`));
  return svg;
}

// Puts the picture of the current graph with `words`' marks in `box`, or the board `words`
// show (emptied when the game has neither).
function showNetwork(box, words, values) {
  if (!box) return;
  box.textContent = "";
  const lists = networkOf(gameInfo(), values);
  const rows = lists ? null : boardRows(words);
  box.hidden = !lists && !rows;
  if (lists) box.append(drawNetwork(lists, networkMarks(words), 220));
  else if (rows) box.append(drawBoard(rows, 26));
}
