// ---- answer and counters -----------------------------------------------------------------

// The counters by the CLI's names (`--stats`), in its order and number format.
const COUNTERS = [
  ["positions", "positions expanded", fmt],
  ["memo_hits", "memo hits", fmt],
  ["states", "states stored", fmt],
  ["table_cells", "table cells", fmt],
  ["table_bytes", "table bytes", bytes],
  ["max_depth", "max depth", fmt],
];

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
  head.append(el("th", "backend"));
  for (const r of rows) head.append(el("th", r.label));
  const answerRow = table.insertRow();
  answerRow.append(el("td", "answer"));
  for (const r of rows) {
    answerRow.append(el("td", r.report.error ? r.report.error : words(r.report), r.report.error ? "error" : ""));
  }
  // The variant that ran: what an automatic choice picked (memo/auto runs memo/dense here).
  const ranRow = table.insertRow();
  ranRow.append(el("td", "variant run"));
  for (const r of rows) {
    ranRow.append(el("td", r.report.kernel ? `${r.report.backend}/${r.report.kernel}` : "–"));
  }
  for (const [key, name, show] of COUNTERS) {
    const tr = table.insertRow();
    tr.append(el("td", name));
    for (const r of rows) tr.append(el("td", r.report.stats ? show(r.report.stats[key]) : "–"));
  }
  // The solve's own time, as the server measured it (not the HTTP round trip).
  const time = table.insertRow();
  time.append(el("td", "time"));
  for (const r of rows) {
    time.append(el("td", r.report.elapsed_seconds != null ? duration(r.report.elapsed_seconds) : "–"));
  }
}

// Advice the page can act on: a trace stopped by its node budget can be asked for again with
// more, up to the server's cap (GET /api/limits); beyond it, other backends to try.
let limits = null; // { trace_node_budget, node_budget_cap, time_limit }
let nodeBudget = null; // the trace's node budget asked for, when raised

function showAdvice(reports, traced) {
  const box = $("advice");
  box.textContent = "";
  const stopped = reports.find((r) => r.error && r.kind === "cannot_answer");
  if (!stopped) return;
  box.append(el("p", `${stopped.error}`));
  const row = el("div", null, "row");
  const budget = nodeBudget || (limits && limits.trace_node_budget);
  if (traced && traced.kind === "cannot_answer" && limits && budget < limits.node_budget_cap) {
    const label = el("label", "Node budget of the trace ");
    const select = el("select");
    select.id = "raise-budget";
    for (let b = budget * 10; b <= limits.node_budget_cap; b *= 10) {
      const option = el("option", fmt(b));
      option.value = String(b);
      select.append(option);
    }
    if (![...select.options].some((o) => Number(o.value) === limits.node_budget_cap)) {
      const option = el("option", `${fmt(limits.node_budget_cap)} (the server's cap)`);
      option.value = String(limits.node_budget_cap);
      select.append(option);
    }
    label.append(select);
    const button = el("button", "Raise it and trace again", "primary");
    button.type = "button";
    button.addEventListener("click", () => {
      nodeBudget = Number(select.value);
      solve(null, 1);
    });
    row.append(label, button);
  }
  box.append(row);
  const note = el("p", `The server keeps each request within its budgets (at most ${limits ? fmt(limits.node_budget_cap) : "its"} positions and ${limits ? limits.time_limit : "its time limit"} a solve; set when it is started: gamesolve serve --node-budget, --memory-cap, --state-budget, --time-limit). A smaller instance, or memo or tabular instead of recursive, needs far less.`, "note");
  box.append(note);
}

let solving = null;

// Solves with each backend checked, then traces the one to step through; `view` and `step`
// (from a URL) pick what the trace shows, the end of it by default.
async function solve(view, step) {
  stop();
  let body;
  try {
    body = line();
  } catch (e) {
    setStatus(e.message, true);
    return;
  }
  const run = {};
  solving = run;
  setStatus("solving…");
  const rows = [];
  // One request at a time: the server runs few solves at once and refuses more.
  for (const choice of chosenBackends()) {
    const report = await post(`/api/solve?backend=${encodeURIComponent(choice)}`, body + "}");
    if (solving !== run) return;
    rows.push({ label: choice, report });
  }
  const answered = rows.find((r) => !r.report.error);
  $("answer").textContent = answered
    ? words(answered.report)
    : rows.length
      ? rows[0].report.error
      : "Pick at least one backend.";
  showCounters(rows);
  $("counters-note").textContent = $("compare-note").textContent;
  setupSummary();
  const choice = $("trace-backend").value;
  if (!choice) {
    setStatus("");
    return;
  }
  setStatus(`tracing ${choice}…`);
  const budget = nodeBudget ? `,"node_budget":${nodeBudget}` : "";
  const data = await post("/api/trace", `${body},"backend":${JSON.stringify(choice)}${budget}}`);
  if (solving !== run) return;
  showAdvice([data].concat(rows.map((r) => r.report)), data);
  if (data.error) {
    setStatus(`${choice}: ${data.error}`, true);
    clearTrace(`${choice} could not be traced: ${data.error}`);
    saveUrl();
    return;
  }
  await alignColumn(rows, data, body, run);
  if (solving !== run) return;
  setStatus("");
  const wanted = typeof view === "string" ? view : trace ? trace.view : null;
  if (wanted === "fold") await tracePartner(data, body, run);
  if (solving !== run) return;
  loadTrace(data, wanted, typeof step === "number" ? step : null);
  if (view === "growth") growthPinned = true;
  if (view === "growth" || growthFor !== null) {
    if (growthFor !== body) await growth();
    if (view === "growth") $("growth").scrollIntoView();
  }
  saveUrl();
}

// The form's summary line (shown when it is closed): the game, its parameters, the backend
// stepped through.
function setupSummary() {
  const info = gameInfo();
  if (!info) return;
  const values = info.params.map((p) => {
    const input = paramInput(p);
    return input ? input.value.trim() : "";
  });
  $("setup-summary").textContent = `${info.title} ${values.join(" ")} · step through ${$("trace-backend").value || "nothing"} · change…`;
}

// One memo story: the answer table's column of the backend stepped through runs the variant
// the step-through shows (a bare `memo` traces memo/textbook, while the box ticked first,
// memo/auto, runs memo/dense: 9 positions where the picture shows 17). Unless the boxes were
// ticked by hand, the backend's one ticked box moves to the traced variant, that column is
// solved again, and a note under the table says which variant each ran and why.
async function alignColumn(rows, data, body, run) {
  if (backendsTouched || data.error || !data.backend || !data.variant) return;
  const traced = `${data.backend}/${data.variant}`;
  const box = [...$("backends").querySelectorAll("input")].find((i) => i.value === traced);
  if (!box || box.checked) return;
  const ticked = [...$("backends").querySelectorAll("input:checked")]
    .filter((i) => i.value.split("/")[0] === data.backend);
  if (ticked.length !== 1) return;
  const at = rows.findIndex((r) => r.label === ticked[0].value);
  if (at < 0) return;
  const report = await post(`/api/solve?backend=${encodeURIComponent(traced)}`, body + "}");
  if (solving !== run) return;
  const before = rows[at];
  ticked[0].checked = false;
  box.checked = true;
  rows[at] = { label: traced, report };
  compareSummary();
  showCounters(rows);
  // A column in words: its variant, the kernel it ran where that differs, its counts.
  const told = (label, r) => {
    const ran = r.ran && r.ran !== label ? `, which ran ${r.ran}` : "";
    const stats = r.stats ? `: ${fmt(r.stats.positions)} positions, ${fmt(r.stats.memo_hits)} memo hits` : "";
    return `${label}${ran}${stats}`;
  };
  $("compare-note").textContent = `The ${data.backend} column now runs ${told(traced, report)}, the variant the step-through shows, so the table and the picture tell one story. The box ticked before, ${told(before.label, before.report)}, searches in an order of its own: tick it too to compare.`;
  $("counters-note").textContent = $("compare-note").textContent;
}

// For the fold view: traces the backend that goes beside `data` (recursive beside memo, memo
// beside recursive) on the same instance, into `data.partner`; a refusal is said in the note.
async function tracePartner(data, body, run) {
  const other = foldPartner(data);
  if (!other || data.partner) return;
  const budget = nodeBudget ? `,"node_budget":${nodeBudget}` : "";
  const partner = await post("/api/trace", `${body},"backend":${JSON.stringify(other)}${budget}}`);
  if (run && solving !== run) return;
  data.partner = partner;
  if (partner.error) setStatus(`${other} beside it: ${partner.error}`, true);
}

// The view picker: the fold view first fetches the trace that goes beside this one.
async function pickView(view) {
  if (!trace) return;
  const data = trace.data;
  const step = trace.step;
  if (view === "fold" && !data.partner && !$("trace-data")) {
    let body;
    try {
      body = line();
    } catch (e) {
      setStatus(e.message, true);
      return;
    }
    setStatus(`tracing ${foldPartner(data)} beside it…`);
    await tracePartner(data, body, null);
    if (!trace || trace.data !== data) return;
    if (!data.partner.error) setStatus("");
  }
  loadTrace(data, view, step);
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
  showNetwork($("play-network"), r.board);
  const log = $("play-log");
  log.textContent = "";
  log.start = (r.log_omitted || 0) + 1;
  for (const text of r.log) log.append(el("li", text));
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
    const button = el("button", null, "move");
    button.type = "button";
    button.dataset.move = String(h.move);
    const hint = el("span", chipWords(h), `hint ${h.value}`);
    hint.dataset.hint = chipWords(h);
    hint.title = h.words;
    button.append(el("span", h.label), hint);
    button.setAttribute("aria-label", `${h.label}: ${h.words}`);
    button.addEventListener("click", () => playMoves(r.moves.concat([h.move])));
    box.append(button);
  }
  const first = box.querySelector("button");
  if (first) first.focus();
}

// A move's value in words on its chip: "win in 3", "lose in 4", "draw" (a draw has no
// remoteness: the API sends null, or no number), and a scoring game's margin.
function chipWords(h) {
  let words = h.value === "draw" || h.remoteness == null ? String(h.value) : `${h.value} in ${h.remoteness}`;
  if (h.margin != null) words += `, margin ${h.margin > 0 ? "+" : ""}${h.margin}`;
  return words;
}

function showHints() {
  $("play-moves").classList.toggle("hints", $("play-hints").checked);
}

// ---- stepping through a trace ----------------------------------------------------------------

function play() {
  if (!trace) return;
  if (trace.timer) return stop();
  if (trace.step >= trace.steps) setStep(0);
  $("play").textContent = "❚❚ pause";
  const tick = () => {
    if (!trace) return;
    if (trace.step >= trace.steps || !stepForward()) return stop();
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
    const wanted = readUrl();
    // A file to step through: its first step, unless its URL names one.
    loadTrace(JSON.parse(embedded.textContent), wanted.view, wanted.step != null ? Number(wanted.step) : 1);
    return;
  }
  $("game").addEventListener("change", () => {
    $("url-warning").hidden = true;
    showFields();
    solve();
  });
  $("play-new").addEventListener("click", newGame);
  $("play-undo").addEventListener("click", () => {
    const moves = game && game.reply && undoMoves(game.reply.moves, game.reply.human);
    if (moves) playMoves(moves);
  });
  $("play-hints").addEventListener("change", showHints);
  // A new solve starts stepping at its first step; a URL without `step` shows the end.
  $("solve").addEventListener("click", () => solve(null, 1));
  $("growth-button").addEventListener("click", () => {
    growthPinned = true;
    growth();
  });
  $("copy-link").addEventListener("click", copyLink);
  $("backends").addEventListener("change", () => {
    backendsTouched = true;
    $("compare-note").textContent = "";
    compareSummary();
  });
  $("trace-backend").addEventListener("change", () => {
    $("url-warning").hidden = true;
    solve();
  });
  $("presets").addEventListener("click", (event) => {
    const b = event.target.closest("button");
    const info = gameInfo();
    if (!b || !info) return;
    const values = exampleValues(info, b.dataset.example);
    for (const p of info.params) {
      const input = paramInput(p);
      if (input) input.value = values[p.name];
    }
    solve(null, 1);
  });
  // The games first: the backends' lists show the variants of the game picked; then the
  // URL's state (or the first game's first example), solved at once.
  const wanted = readUrl();
  fetch("/api/limits")
    .then((r) => r.json())
    .then((l) => {
      limits = l;
    })
    .catch(() => {});
  loadGames()
    .then(loadBackends)
    .then(() => {
      applyUrl(wanted);
      const step = wanted.step != null && /^\d+$/.test(wanted.step) ? Number(wanted.step) : null;
      // A first visit (no state in the URL) opens on the lesson's picture: the recursion
      // tree and the memo's DAG of the first game's first example, side by side.
      const first = Object.keys(wanted).length === 0;
      // In a narrow window the form closes to its summary line, so the picture is in view.
      if (first && window.matchMedia && window.matchMedia("(max-width: 700px)").matches) {
        $("setup-box").open = false;
      }
      // It opens at step 0, nothing solved yet: the lesson is to step through it.
      return solve(first ? "fold" : wanted.view, first ? 0 : step);
    })
    .catch((e) => setStatus(`cannot load the page's data: ${e}`, true));
}

// The step controls and their keys (space, arrows), the view picker and the quiz, on the page
// and in an exported file.
function initTrace() {
  $("play").addEventListener("click", play);
  $("step").addEventListener("click", () => trace && stepForward());
  $("back").addEventListener("click", () => trace && (setStep(trace.step - 1), quizShow()));
  $("slider").addEventListener("input", () => {
    setStep(Number($("slider").value));
    quizShow();
  });
  $("view-select").addEventListener("change", () => {
    growthPinned = false;
    if (trace) pickView($("view-select").value);
  });
  initZoom();
  $("quiz-toggle").addEventListener("change", () => {
    quizReset();
    // The reduction's list hides or shows the results to come; the legend its quiz keys.
    if (trace) {
      setStep(trace.step);
      showLegend(trace);
    }
    if (typeof saveUrl === "function" && !$("trace-data")) saveUrl();
  });
  $("quiz-check").addEventListener("click", quizCheck);
  $("quiz-answer").addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      quizCheck();
    }
  });
  if (readUrl().quiz === "1") $("quiz-toggle").checked = true;
  document.addEventListener("keydown", (event) => {
    const typing = ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName) &&
      event.target.type !== "range" && event.target.type !== "checkbox";
    // Space and Enter on a focused button press it (a move of the game, say).
    const button = event.target.tagName === "BUTTON" && (event.key === " " || event.key === "Enter");
    if (typing || button || !trace) return;
    if (event.key === " ") {
      event.preventDefault();
      play();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      stop();
      stepForward();
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      stop();
      setStep(trace.step - 1);
      quizShow();
    } else if (["+", "=", "-", "0"].includes(event.key) && !event.ctrlKey && !event.metaKey) {
      const graphs = shownGraphs();
      if (graphs.length === 0) return;
      event.preventDefault();
      for (const t of graphs) {
        if (event.key === "0") fitGraph(t, "fit");
        else zoomGraph(t, event.key === "-" ? 0.8 : 1.25);
      }
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      stop();
      setStep(event.key === "Home" ? 0 : trace.steps);
      quizShow();
    }
  });
}

init();
