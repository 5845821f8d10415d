// ---- the game, its form and its JSON line ------------------------------------------------
// Everything about a game comes from its row of the game table: nothing here names one.

let backends = [];
let games = []; // the game table, from GET /api/games
const typed = new Map(); // game name -> what was typed in its parameters, kept across switches
let shown = null; // the row of the game whose form is shown

async function loadGames() {
  const response = await fetch("/api/games");
  games = await response.json();
  const select = $("game");
  select.textContent = "";
  for (const info of games) {
    const option = el("option", info.title);
    option.value = info.name;
    option.title = info.summary;
    select.append(option);
  }
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
    if (p.kind === "graph" || p.kind === "text") {
      // `--graph '[[2,5],[3]]'`, `--played 4453`: the word after the flag, without its shell
      // quotes (a word left out is empty).
      const flag = words.indexOf(`--${p.name}`);
      values[p.name] = flag >= 0 && words[flag + 1] ? words[flag + 1].replace(/^'|'$/g, "") : "";
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

// The example a first visit sees solved: the game table's first.
function defaultExample(info) {
  return info.examples[0];
}

function paramInput(p) {
  return $("params").querySelector(`[data-param="${CSS.escape(p.name)}"]`);
}

// The form of the game picked: one input per parameter, its rules, its examples; `values`
// (by parameter name) fill it, else what was typed before, else the game's first example.
function showFields(values) {
  if (shown) typed.set(shown.name, formValues(shown));
  const info = gameInfo();
  shown = info;
  const box = $("params");
  box.textContent = "";
  $("rules").textContent = info ? info.rules : "";
  $("presets").textContent = "";
  if (!info) return fillBackends();
  values = values || typed.get(info.name) ||
    (info.examples.length ? exampleValues(info, defaultExample(info)) : {});
  for (const p of info.params) {
    const label = el("label");
    label.title = p.help;
    const input = el("input");
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
    } else if (p.kind === "text") {
      input.type = "text";
      input.size = 24;
      input.placeholder = "(empty)";
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
      // A graph example shows its graph, not the command line's words.
      const lists = networkOf(info, exampleValues(info, example));
      const button = el("button", lists ? null : example || "(no parameters)");
      if (lists) {
        button.append(drawNetwork(lists, {}, 64), el("span", ` ${lists.length} nodes`));
        button.title = example;
        button.classList.add("network-example");
      }
      button.type = "button";
      button.dataset.game = info.name;
      button.dataset.example = example;
      $("presets").append(button);
    }
  }
  fillBackends();
  // The growth picture only for a game with sizes to grow over (its row says so).
  if ($("growth-offer")) $("growth-offer").hidden = info.growth === false || noGrowth.has(info.name);
}

function formValues(info) {
  const values = {};
  for (const p of info.params) {
    const input = paramInput(p);
    if (input) values[p.name] = input.value;
  }
  return values;
}

// A parameter's tokens: an integer's text, or a list's integers.
function paramTokens(p, text) {
  if (p.kind === "integer") {
    if (!/^-?\d+$/.test(text)) {
      throw new Error(`${paramLabel(p)} must be a whole number (${p.min}..=${p.max})`);
    }
    return [wholeNumber(text)];
  }
  const tokens = text.split(/[\s,\[\]]+/).filter((s) => s !== "");
  if (!tokens.every((s) => /^-?\d+$/.test(s))) {
    throw new Error(`${paramLabel(p)} must be integers separated by commas or spaces`);
  }
  return tokens.map(wholeNumber);
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
    if (p.kind === "graph") {
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
      continue;
    }
    if (p.kind === "text") {
      // A word, sent as a JSON string; the game checks it.
      fields.push(`${JSON.stringify(p.name)}:${JSON.stringify(text)}`);
      continue;
    }
    const tokens = paramTokens(p, text);
    const json = p.kind === "integer" ? tokens[0] : `[${tokens.join(",")}]`;
    fields.push(`${JSON.stringify(p.name)}:${json}`);
  }
  return `{${fields.join(",")}`;
}

// A whole number as JSON writes it: no leading zeros ("007" is not JSON).
function wholeNumber(text) {
  return text.replace(/^(-?)0+(?=\d)/, "$1");
}

// ---- backends ----------------------------------------------------------------------------

async function loadBackends() {
  const response = await fetch("/api/backends");
  backends = await response.json();
  fillBackends();
}

// The backends of the game picked: a checkbox per variant to compare, and in "Step through"
// each backend's automatic choice (`memo`) and each of its variants (`memo/dense`).
function fillBackends() {
  const box = $("backends");
  const select = $("trace-backend");
  const g = gameName();
  const before = select.value;
  box.textContent = "";
  select.textContent = "";
  for (const b of backends) {
    const variants = b.variants.filter((v) => v.game === g);
    if (!b.available || variants.length === 0) continue;
    const group = el("div", null, "group");
    const title = el("b", b.name);
    title.title = b.summary;
    group.append(title);
    const auto = el("option", `${b.name} (its automatic choice)`);
    auto.value = b.name;
    select.append(auto);
    variants.forEach((v, i) => {
      const label = el("label");
      const input = el("input");
      input.type = "checkbox";
      input.value = `${b.name}/${v.name}`;
      input.checked = i === 0;
      label.title = v.summary;
      label.append(input, ` ${v.name}`);
      group.append(label);
      const option = el("option", input.value);
      option.value = input.value;
      select.append(option);
    });
    box.append(group);
  }
  const options = [...select.options].map((o) => o.value);
  if (options.includes(before)) select.value = before;
  else if (options.includes("memo")) select.value = "memo";
  backendsTouched = false;
  $("compare-note").textContent = "";
  compareSummary();
}

// Whether the boxes were ticked by hand since the game's were built: until then the column
// of the backend stepped through runs the variant the step-through shows (alignColumn).
let backendsTouched = false;

// The closed list's summary: the variants checked, by name.
function compareSummary() {
  const chosen = chosenBackends();
  $("compare-summary").textContent = chosen.length ? chosen.join(", ") : "none (tick at least one)";
}

function chosenBackends() {
  return [...$("backends").querySelectorAll("input:checked")].map((i) => i.value);
}

// ---- the page's state in its URL (permalinks) --------------------------------------------
// `game`, the game's parameters by their names in the game table (`values=1,5,233,7`,
// `max_choosable=6&desired_total=12`), `backend`, `view`, `step`, `quiz`.

// Whether the page shows the growth chart as its view (`view=growth`, or the button pressed)
// rather than a view of the trace.
let growthPinned = false;

function readUrl() {
  const query = new URLSearchParams(location.search);
  const wanted = {};
  for (const [k, v] of query) wanted[k] = v;
  return wanted;
}

// The URL of the page as it is now (the step only when a trace is shown).
function permalink() {
  const query = new URLSearchParams();
  const info = gameInfo();
  if (info) {
    query.set("game", info.name);
    for (const p of info.params) {
      const input = paramInput(p);
      if (!input) continue;
      const text = input.value.trim();
      query.set(p.name, p.kind === "values" ? text.split(/[\s,\[\]]+/).filter((s) => s).join(",") : text);
    }
  }
  if ($("trace-backend").value) query.set("backend", $("trace-backend").value);
  if (typeof trace !== "undefined" && trace) {
    // A page opened on the growth chart keeps `view=growth` until another view is picked.
    query.set("view", growthPinned && growthShown() ? "growth" : trace.view);
    query.set("step", String(trace.step));
  } else if (growthShown()) {
    query.set("view", "growth");
  }
  if ($("quiz-toggle") && $("quiz-toggle").checked) query.set("quiz", "1");
  return `${location.origin}${location.pathname}?${query.toString().replace(/%2C/g, ",").replace(/%2F/g, "/")}`;
}

let urlTimer = null;

// Keeps the address bar on the state shown (debounced: stepping writes it often).
function saveUrl() {
  if (!history.replaceState || location.protocol === "file:") return;
  clearTimeout(urlTimer);
  urlTimer = setTimeout(() => history.replaceState(null, "", permalink()), 80);
}

// Sets the game and its parameters of a URL's query; unknown names are left alone.
function applyUrl(wanted) {
  const select = $("game");
  if (wanted.game && games.some((g) => g.name === wanted.game)) select.value = wanted.game;
  const info = gameInfo();
  let values = null;
  if (info && info.params.some((p) => wanted[p.name] != null)) {
    const fallback = info.examples.length ? exampleValues(info, defaultExample(info)) : {};
    values = {};
    for (const p of info.params) {
      const v = wanted[p.name];
      values[p.name] = v != null ? (p.kind === "values" ? v.split(",").join(" ") : v) : fallback[p.name];
    }
  }
  showFields(values);
  if (wanted.backend) {
    const options = [...$("trace-backend").options].map((o) => o.value);
    if (options.includes(wanted.backend)) $("trace-backend").value = wanted.backend;
    else {
      // Said where it stays (the status line is rewritten by the solve that follows).
      const warning = $("url-warning");
      warning.textContent = `The link asks for backend ${wanted.backend}, which ${info ? info.title : "this game"} does not have; showing ${$("trace-backend").value || "its default"} instead (its backends: ${options.join(", ")}).`;
      warning.hidden = false;
    }
  }
  if (wanted.quiz === "1" && $("quiz-toggle")) $("quiz-toggle").checked = true;
}

async function copyLink() {
  const link = permalink();
  $("link").value = link;
  $("link").hidden = false;
  try {
    await navigator.clipboard.writeText(link);
    $("copy-note").textContent = "link copied";
  } catch (e) {
    $("link").select();
    $("copy-note").textContent = "copy the link from the box (the browser refused the clipboard)";
  }
}
