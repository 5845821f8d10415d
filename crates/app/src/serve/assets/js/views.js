// ---- the trace: one renderer per view, used by the page and by `explain --html` ------------
// A trace (POST /api/trace, or #trace-data in an exported file) is drawn as one of:
// `tree` (recursive: one node per call), `dag` (memo: one node per distinct position),
// `table` (the game's table layout, cells in the backend's real order), `reduction` (the
// row and each merge). The view's container carries `data-view`; table cells carry
// `data-cell` and, once written, `data-value`.

const MAX_DRAWN = 600; // nodes drawn at most; the trace itself is capped by the server
const MAX_TABLE_CELLS = 4096; // a larger table (rows × columns) is shown as counts per row
const MAX_LATTICE_CELLS = 256; // a larger lattice is shown as counts per layer

let trace = null; // { data, view, steps, step, timer, … }

// The views a trace can be shown as; the first is its own.
function viewsOf(data) {
  if (data.view === "own") return data.own_data && data.own_data.steps ? ["reduction"] : ["own"];
  if (data.view === "settled") return ["settled"];
  if (data.view === "table") return data.table ? ["table"] : ["cells"];
  const own = data.backend === "recursive" ? "tree" : "dag";
  const views = data.table ? [own, "table"] : [own];
  // Tree vs DAG side by side: on the page (which fetches the other trace), or in a file that
  // holds both.
  if (foldPartner(data) && (data.partner ? foldPair(data) : !$("trace-data"))) views.push("fold");
  return views;
}

function clearTrace(note) {
  stop();
  trace = null;
  $("graph").textContent = "";
  $("graph").setAttribute("width", "10");
  $("graph").setAttribute("height", "10");
  $("table-box").textContent = "";
  $("reduction-box").textContent = "";
  $("fold-box").textContent = "";
  $("view").dataset.view = "";
  $("trace-note").textContent = note;
  $("trace-counts").textContent = "";
  $("formula").hidden = true;
  $("current").textContent = "";
  $("step-note").textContent = "";
  $("slider").max = "0";
}

// Shows `data` as `view` (its own view when that one does not apply) at `step` (the end of
// the trace when none is given).
function loadTrace(data, view, step) {
  stop();
  const views = viewsOf(data);
  view = views.includes(view) ? view : views[0];
  // The summary (the run's totals) is shown by showCounts at the last step only.
  let note = "";
  if (data.truncated) {
    note += `Showing the first ${fmt(data.events.length)} steps of ${fmt(data.total_events)}.`;
  }
  if (data.view === "settled") note = "The answer follows without any search: nothing to step through.";
  if (data.view === "own") note = "This backend walks no positions: what it does instead, step by step.";
  // The variant asked for, and the kernel it ran where that differs (memo/auto runs
  // memo/dense on Can I Win): whose search the picture shows.
  const kernel = data.answer && data.answer.kernel;
  const ran = kernel && kernel !== data.variant ? `, ran ${data.backend}/${kernel}` : "";
  $("trace-title").textContent = `(${data.backend}/${data.variant}${ran})`;
  $("trace-note").textContent = note;
  const select = $("view-select");
  select.textContent = "";
  for (const v of views) {
    const option = el("option", VIEW_WORDS[v] || v);
    option.value = v;
    select.append(option);
  }
  select.value = view;
  select.disabled = views.length < 2;
  trace = { data, view, step: 0, timer: null };
  $("graph").textContent = "";
  $("table-box").textContent = "";
  $("reduction-box").textContent = "";
  $("fold-box").textContent = "";
  $("formula").hidden = true;
  // An <svg> has no `hidden` property: the attribute itself.
  $("graph").toggleAttribute("hidden", !["tree", "dag"].includes(view));
  $("table-box").hidden = !["table", "cells"].includes(view);
  $("reduction-box").hidden = !["reduction", "own"].includes(view);
  $("fold-box").hidden = view !== "fold";
  $("view").dataset.view = view;
  $("zoom").hidden = !["tree", "dag", "fold"].includes(view);
  if (view === "tree" || view === "dag") {
    layoutGraph(trace, view === "tree");
    trace.steps = data.events.length;
  } else if (view === "fold") {
    layoutFold(trace);
    trace.steps = trace.fold ? trace.fold.tree.data.events.length : 0;
  } else if (view === "table" || view === "cells") {
    layoutTable(trace, view === "table" ? data.table : null);
    trace.steps = data.events.length;
  } else if (view === "reduction") {
    layoutReduction(trace);
    trace.steps = data.own_data.steps.length;
  } else {
    if (view === "own") $("reduction-box").append(el("pre", data.note || "", "own-text"));
    trace.steps = 0;
  }
  $("legend-graph").hidden = !["tree", "dag", "fold"].includes(view);
  showLegend(trace);
  $("legend-table").hidden = !["table", "cells"].includes(view);
  $("slider").max = String(trace.steps);
  // Without a step: the end, or with the quiz on the start (every value still to guess).
  const quizzing = $("quiz-toggle") && $("quiz-toggle").checked;
  const at = step == null || Number.isNaN(step) ? (quizzing ? 0 : trace.steps) : step;
  setStep(at);
  quizReset();
}

// Adds a sentence to the note above the picture.
function addNote(sentence) {
  const note = $("trace-note");
  const text = note.textContent.trim();
  note.textContent = text === "" ? sentence : `${text}${/[.!?]$/.test(text) ? "" : "."} ${sentence}`;
}

const VIEW_WORDS = {
  tree: "call tree",
  dag: "DAG of distinct positions",
  fold: "tree vs DAG, side by side",
  table: "the game's table",
  cells: "cells in fill order",
  reduction: "the row and its merges",
  own: "what the backend did",
  settled: "no search",
};

// Shows the state after the first `step` steps.
function setStep(step) {
  if (!trace) return;
  step = Math.max(0, Math.min(trace.steps, Math.round(step)));
  trace.step = step;
  $("slider").value = String(step);
  const cut = trace.data.truncated && trace.view !== "reduction" ? ` (of ${fmt(trace.data.total_events)})` : "";
  $("step-note").textContent = trace.steps === 0
    ? "no steps to show"
    : `step ${fmt(step)} of ${fmt(trace.steps)}${cut}`;
  // A game on a graph: the graph, with the current step's position marked.
  if (!$("trace-data") && typeof showNetwork === "function") {
    const e = trace.data.events && step > 0 ? trace.data.events[step - 1] : null;
    showNetwork($("trace-network"), e ? e.position : "");
  }
  if (trace.view === "reduction") showReduction(step);
  else if (trace.view === "table" || trace.view === "cells") showTable(step);
  else if (trace.view === "tree" || trace.view === "dag") showGraph(step);
  else if (trace.view === "fold") showFold(step);
  showCounts(step);
  if (typeof saveUrl === "function" && !$("trace-data")) saveUrl();
}

// The counts under the picture are those of the step shown, never the run's totals before
// its end: so far, positions expanded (calls and cells written), distinct positions and memo
// hits; at the last step the run's summary. The fold view's panels count for themselves, and
// a reduction counts its merges: there the line shows at the end only. Hooks: `data-step`,
// and `data-positions`, `data-distinct`, `data-hits` (so far, or the totals at the end).
function showCounts(step) {
  const box = $("trace-counts");
  if (!box) return;
  const data = trace.data;
  const end = step >= trace.steps;
  const events = data.events || [];
  let positions = 0;
  let hits = 0;
  const distinct = new Set();
  for (let i = 0; i < Math.min(step, events.length); i++) {
    const e = events[i];
    if (e.kind === "enter" || e.kind === "cell") positions += 1;
    if (e.kind === "memo_hit") hits += 1;
    if (e.kind !== "leave") distinct.add(e.id);
  }
  box.dataset.step = String(step);
  const own = ["fold", "reduction", "own", "settled"].includes(trace.view);
  if (end) {
    const stats = data.answer && data.answer.stats;
    box.textContent = data.summary || "";
    box.hidden = !data.summary;
    box.dataset.positions = String(stats ? stats.positions : positions);
    box.dataset.distinct = String(data.distinct_states != null ? data.distinct_states : distinct.size);
    box.dataset.hits = String(stats ? stats.memo_hits : hits);
    return;
  }
  box.hidden = own;
  box.dataset.positions = own ? "" : String(positions);
  box.dataset.distinct = own ? "" : String(distinct.size);
  box.dataset.hits = own ? "" : String(hits);
  box.textContent = own
    ? ""
    : `So far (step ${fmt(step)}): positions expanded ${fmt(positions)}, distinct positions ${fmt(distinct.size)}${hits > 0 || events.some((e) => e.kind === "memo_hit") ? `, memo hits ${fmt(hits)}` : ""}; the run's totals show at its last step.`;
}

// What the event of step `i` (0-based) says, in words.
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

// A value as the table writes it and `data-value` holds it: the margin, or win/lose/draw.
function cellValue(e) {
  if (e.amount != null) return String(e.amount);
  return e.verdict || "";
}

function cellText(e) {
  if (e.amount != null) return e.amount > 0 ? `+${e.amount}` : String(e.amount);
  return e.verdict || "";
}

function valueClass(e) {
  const verdict = e && e.verdict;
  return verdict === "win" ? "win" : verdict === "lose" ? "loss" : verdict === "draw" ? "draw" : "";
}

// The legend's keys this game and view can show: margins only for a scoring game, a draw only
// where one occurs, memo hits only in a memo's picture, badges only where a position repeats,
// the rolling row only where a slot is really reused.
function showLegend(t) {
  const events = t.view === "fold" && t.fold
    ? t.fold.tree.data.events.concat(t.fold.dag.data.events)
    : t.data.events;
  const graphs = t.view === "fold" && t.fold ? [t.fold.tree, t.fold.dag] : [t];
  const show = {
    pending: true,
    open: true,
    win: events.some((e) => e.verdict === "win"),
    loss: events.some((e) => e.verdict === "lose"),
    margin: events.some((e) => e.amount != null),
    draw: events.some((e) => e.verdict === "draw"),
    hit: events.some((e) => e.kind === "memo_hit"),
    repeat: graphs.some((g) => g.nodes && g.nodes.some((n) => n.badge)),
    folded: t.view === "fold" && !!t.fold && t.fold.tree.nodes.some((n) => n.folded),
    current: true,
    read: events.some((e) => e.reads && e.reads.length > 0),
    overwritten: events.some((e) => e.cell && e.cell.slot != null),
    answer: !!t.data.table,
    // The quiz's own marks on a table: the cell asked for ("?") and the cells it reads.
    asked: !!($("quiz-toggle") && $("quiz-toggle").checked) && ["table", "cells"].includes(t.view),
  };
  for (const key of document.querySelectorAll("[data-legend]")) {
    key.hidden = !show[key.dataset.legend];
  }
}
