// ---- how the work grows (POST /api/growth) ----------------------------------------------
// Each backend over its feasible range (the sizes come from the game, not from this page):
// positions expanded and the solve's own time, both on a log scale, each point a real solve,
// this game's size marked. Each time is measured as `gamesolve growth` measures it: the median
// of at least `min_runs` solves taking `min_total_seconds` together after a warm-up, with its
// spread (`spread_seconds`), so no time is below the clock's noise. The size axis
// has readable ticks (1, 2, 4, 8, … or 2, 4, 6, …), whatever sizes the game grows over.
// Redrawn when the game changes while it is shown. A game whose row says `"growth": false`
// (GET /api/games) is never offered the picture. Each backend's legend gives its better fit,
// as `gamesolve growth` fits it (`fit`).
// Hooks: the size axis's labels carry `data-tick`, its name `data-axis`, the log axis's labels
// `data-ytick`; each time's mark carries `data-seconds`
// and `data-repetitions`, the time chart `data-min-total`.

const COLORS = ["#2f6fbf", "#c2413b", "#2f8f4e", "#b35fd0", "#8a7a2e", "#3a9aa8", "#d0782f"];
const MARKS = ["circle", "square", "diamond", "triangle", "circle", "square", "diamond"];
let growthFor = null; // the line the chart shows
const noGrowth = new Set(); // the games found to have no sizes to grow over

function growthShown() {
  return growthFor !== null || $("growth").dataset.pending === "true";
}

// Whether the game picked gives sizes to grow over (its row of GET /api/games says so).
function gameGrows() {
  const info = typeof gameInfo === "function" ? gameInfo() : null;
  return !info || (info.growth !== false && !noGrowth.has(info.name));
}

async function growth() {
  const box = $("growth");
  if (!gameGrows()) {
    // Nothing to grow: no request, and the offer is not shown for this game.
    growthFor = null;
    box.dataset.pending = "false";
    box.textContent = "";
    box.append(el("p", "This game has no family of growing sizes to compare.", "note"));
    $("growth-offer").hidden = true;
    return;
  }
  let body;
  try {
    body = line();
  } catch (e) {
    setStatus(e.message, true);
    return;
  }
  box.dataset.pending = "true";
  box.textContent = "";
  box.append(el("p", "solving each backend at growing sizes…", "note"));
  setStatus("measuring how the work grows…");
  const data = await post("/api/growth", body + "}");
  box.dataset.pending = "false";
  box.textContent = "";
  if (data.error) {
    box.append(el("p", data.error, "error"));
    setStatus(data.error, true);
    return;
  }
  growthFor = body;
  setStatus("");
  if (data.sizes.length === 0) {
    // Nothing to grow: the offer goes away for this game.
    noGrowth.add(data.game);
    $("growth-offer").hidden = true;
    box.append(el("p", "This game has no family of growing sizes to compare.", "note"));
    return;
  }
  if (data.stopped_at_time_limit) {
    box.append(el("p", `The server's time limit (${data.time_limit}) stopped the picture: the points left out are missing.`, "note"));
  }
  const row = el("div", null, "charts");
  row.append(
    chart(data, "positions", "positions expanded", (v) => fmt(v), powerOfTen),
    chart(data, "seconds", "time of one solve", (v) => duration(v), secondsTick),
  );
  box.append(row, growthLegend(data));
  if (data.min_total_seconds) {
    box.append(el("p", `Each time is the median of at least ${fmt(data.min_runs || 1)} solves that take at least ${duration(data.min_total_seconds)} together, after a warm-up, as gamesolve growth measures it (a point's mark says how many solves and their spread), so no time is below the clock's noise; other work on the server's machine can still lift a point. The positions come from one separate counted solve.`, "note"));
  }
  if (typeof saveUrl === "function") saveUrl();
}

// Clears a chart of another game.
function growthStale() {
  let body = null;
  try {
    body = line();
  } catch (e) {
    body = null;
  }
  if (growthFor !== null && body !== growthFor) {
    growth();
  }
}

// A power of ten on the positions' axis: 1, 10, 100, 1000, then 1e4, 1e5, …
function powerOfTen(v) {
  const k = Math.round(Math.log10(v));
  return k <= 3 ? String(10 ** k) : `1e${k}`;
}

// A power of ten of seconds on the time axis, with its unit: 100 ns, 1 µs, 10 ms, 1 s.
function secondsTick(v) {
  const k = Math.round(Math.log10(v)) + 9; // in ns
  if (k < 0) return `1e${k} ns`;
  const units = ["ns", "µs", "ms", "s"];
  const u = Math.min(units.length - 1, Math.floor(k / 3));
  return `${10 ** (k - 3 * u)} ${units[u]}`;
}

// The size axis's name: the game's parameter that the sizes grow (the integer parameter whose
// value is this game's size, or the list whose length it is), else "size".
// The size axis's name: the parameter whose value is this game's size, else the game's own
// name for its family's axis (`axis`: Cat and Mouse's "nodes").
function sizeName(data) {
  const fallback = data.axis || "size";
  const info = typeof gameInfo === "function" ? gameInfo() : null;
  if (!info || data.size == null) return fallback;
  for (const p of info.params) {
    const input = paramInput(p);
    const text = input ? input.value.trim() : "";
    if (p.kind === "integer" && Number(text) === data.size) return paramLabel(p);
    if (p.kind === "values" && text.split(/[\s,\[\]]+/).filter((w) => w).length === data.size) {
      return `number of ${paramLabel(p)}`;
    }
  }
  return fallback;
}

function chart(data, field, title, show, tick) {
  const W = 520;
  const H = 300;
  const [L, R, T, B] = [70, 16, 28, 40];
  const sizes = data.sizes;
  const all = data.curves.flatMap((c) => (c[field] || []).filter((v) => v != null && v > 0));
  const svg = svgEl("svg", { width: W, height: H, class: "chart", role: "img", "aria-label": `${title} by size, log scale` });
  svg.dataset.field = field;
  if (field === "seconds" && data.min_total_seconds) svg.dataset.minTotal = String(data.min_total_seconds);
  svg.append(svgEl("text", { x: L, y: 16, class: "title" }, `${title}, log scale`));
  if (all.length === 0) {
    svg.append(svgEl("text", { x: L, y: H / 2 }, "no point was solved"));
    return svg;
  }
  const lo = Math.floor(Math.log10(Math.min(...all)));
  const hi = Math.max(lo + 1, Math.ceil(Math.log10(Math.max(...all))));
  const xs = sizes.concat(data.size != null ? [data.size] : []);
  const xmin = Math.max(1, Math.min(...xs));
  const xmax = Math.max(...xs);
  const logX = xmax / xmin > 40;
  const fx = (s) => {
    const [a, b, v] = logX ? [Math.log10(xmin), Math.log10(xmax), Math.log10(Math.max(s, xmin))] : [xmin, xmax, s];
    return L + (b === a ? 0.5 : (v - a) / (b - a)) * (W - L - R);
  };
  const fy = (v) => H - B - ((Math.log10(v) - lo) / (hi - lo)) * (H - T - B);
  for (let k = lo; k <= hi; k++) {
    const y = fy(10 ** k);
    svg.append(svgEl("line", { x1: L, x2: W - R, y1: y, y2: y, class: "grid" }));
    svg.append(svgEl("text", { x: L - 6, y: y + 4, "text-anchor": "end", "data-ytick": 10 ** k }, tick(10 ** k)));
  }
  for (const s of sizeTicks(xmin, xmax, logX, W - L - R)) {
    const x = fx(s);
    svg.append(svgEl("line", { x1: x, x2: x, y1: H - B, y2: H - B + 4, class: "tick" }));
    const label = svgEl("text", { x, y: H - B + 16, "text-anchor": "middle" }, fmt(s));
    label.dataset.tick = String(s);
    svg.append(label);
  }
  svg.append(svgEl("text", { x: (L + W - R) / 2, y: H - 6, "text-anchor": "middle", "data-axis": "size" }, `${sizeName(data)}${logX ? ", log scale" : ""}`));
  if (data.size != null) {
    const x = fx(data.size);
    svg.append(svgEl("line", { x1: x, x2: x, y1: T, y2: H - B, class: "current-size" }));
    svg.append(svgEl("text", { x: x + 4, y: T + 10, class: "current-size-label" }, `this game: ${fmt(data.size)}`));
  }
  data.curves.forEach((c, k) => {
    const color = COLORS[k % COLORS.length];
    const values = c[field] || [];
    const points = sizes.map((s, i) => [s, values[i]]).filter(([, v]) => v != null && v > 0);
    if (points.length > 1) {
      const path = svgEl("path", { d: points.map(([s, v], i) => `${i ? "L" : "M"}${fx(s).toFixed(1)},${fy(v).toFixed(1)}`).join(" "), fill: "none", "stroke-width": 2 });
      path.style.stroke = color;
      svg.append(path);
    }
    const reps = c.repetitions || [];
    const spreads = c.spread_seconds || [];
    for (const [s, v] of points) {
      const dot = marker(MARKS[k % MARKS.length], fx(s), fy(v));
      dot.style.fill = color;
      let words = `${c.backend}/${c.variant}, ${sizeName(data)} ${s}: ${show(v)}`;
      if (field === "seconds") {
        const n = reps[sizes.indexOf(s)];
        dot.dataset.seconds = String(v);
        if (n != null) {
          dot.dataset.repetitions = String(n);
          const spread = spreads[sizes.indexOf(s)];
          const pm = spread ? `, ± ${duration(spread)}` : "";
          words += n === 1 ? " (one solve)" : ` (the median of ${fmt(n)} solves${pm})`;
        }
      }
      dot.append(svgEl("title", {}, words));
      svg.append(dot);
    }
  });
  return svg;
}

// The size axis's ticks from `lo` to `hi` over `room` pixels, each label at least 40 px from
// the next: on a log axis the powers of 2 (1, 2, 4, 8, …), else of 4, else of 10; on a linear
// one the multiples of 1, 2 or 5 times a power of 10 (2, 4, 6, …; 5, 10, 15, …).
function sizeTicks(lo, hi, logX, room) {
  const most = Math.max(2, Math.floor(room / 40));
  if (logX) {
    for (const ratio of [2, 4, 10, 100, 1000]) {
      const ticks = [];
      for (let t = 1; t <= hi; t *= ratio) if (t >= lo) ticks.push(t);
      if (ticks.length <= most) return ticks;
    }
    return [lo, hi];
  }
  for (let unit = 1; ; unit *= 10) {
    for (const step of [unit, 2 * unit, 5 * unit]) {
      const ticks = [];
      for (let t = Math.ceil(lo / step) * step; t <= hi; t += step) ticks.push(t);
      if (ticks.length <= most) return ticks;
    }
  }
}

// One legend for both charts: each backend's mark, colour and name, and where it stopped.
function growthLegend(data) {
  const list = el("ul", null, "growth-legend");
  data.curves.forEach((c, k) => {
    const color = COLORS[k % COLORS.length];
    const item = el("li");
    const key = svgEl("svg", { width: 14, height: 14, "aria-hidden": "true" });
    const mark = marker(MARKS[k % MARKS.length], 7, 7);
    mark.style.fill = color;
    key.append(mark);
    const gaveUp = c.positions.indexOf(null);
    const name = el("span", `${c.backend}/${c.variant}`);
    name.style.color = color;
    item.append(key, name, gaveUp >= 0
      ? ` stops at ${fmt(data.sizes[gaveUp])} (${data.stopped_at_time_limit ? "its budget or the time limit" : "its budget"})`
      : " to the end");
    if (c.fit) item.append(` — time ≈ ${fitWords(c.fit, data.axis)}`);
    list.append(item);
  });
  return list;
}

// A curve's better fit in words, as `gamesolve growth` prints it: `2.64^n (R² 0.971)` or
// `length^2.43 (R² 0.989)`, over the sizes fitted (`fit` of POST /api/growth).
function fitWords(fit, axis) {
  const x = (axis || "size").split(" ")[0];
  const best = fit.best === "power" ? fit.power : fit.exponential;
  const factor = best.factor.toFixed(best.shape === "exponential" && best.factor < 1.1 ? 4 : 2);
  const curve = best.shape === "power" ? `${x}^${factor}` : `${factor}^${x}`;
  return `${curve} (R² ${best.r2.toFixed(3)}, ${x} = ${fit.from}..${fit.to})`;
}

// A point's mark: each backend its own shape, so colour is not the only signal.
function marker(shape, x, y) {
  const r = 3.5;
  if (shape === "square") return svgEl("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r });
  if (shape === "diamond") return svgEl("path", { d: `M${x},${y - r - 1} L${x + r + 1},${y} L${x},${y + r + 1} L${x - r - 1},${y} Z` });
  if (shape === "triangle") return svgEl("path", { d: `M${x},${y - r - 1} L${x + r + 1},${y + r} L${x - r - 1},${y + r} Z` });
  return svgEl("circle", { cx: x, cy: y, r });
}
