// ---- quiz mode: guess the next value before it is revealed ---------------------------------
// With the quiz on (`quiz=1` in the URL, or the toggle), stepping forward onto a step that
// writes a value first asks for it (the next cell's margin or win/lose; win or lose for the
// next node of a tree; the value of the next merge), then reveals it and keeps a score.

const quiz = { right: 0, asked: 0, pending: null };

function quizOn() {
  return $("quiz-toggle").checked && trace && trace.steps > 0;
}

function quizReset() {
  quiz.right = 0;
  quiz.asked = 0;
  quiz.pending = null;
  quizShow();
}

// The question for the step after `trace.step`, or null when it reveals no value.
function quizQuestion() {
  const i = trace.step;
  if (trace.view === "reduction") {
    const m = trace.data.own_data.steps[i];
    if (!m) return null;
    return {
      text: `Merge ${i + 1}: ${m.left.value} ≤ ${m.peak.value} ≥ ${m.right.value} becomes which value?`,
      answer: String(m.result.value),
      hint: "a number",
    };
  }
  const e = (trace.view === "fold" && trace.fold ? trace.fold.tree.data : trace.data).events[i];
  if (!e) return null;
  if (trace.view === "table" || trace.view === "cells") {
    if (!trace.writes.includes(i)) return null;
    // Base cases (a cell that reads no other: m(i, i) = a[i]) need no recurrence: skipped,
    // unless the table has nothing else to ask.
    const events = trace.data.events;
    const recurrences = trace.writes.some((w) => events[w].reads && events[w].reads.length > 0);
    if (recurrences && !(e.reads && e.reads.length > 0)) return null;
    const where = e.cell ? ` (cell ${e.cell.key})` : "";
    const number = e.amount != null;
    return {
      text: `Next cell${where}, ${e.position}: ${number ? "what is its margin for the player to move?" : "does the player to move win or lose?"}`,
      answer: cellValue(e),
      hint: number ? "a number, e.g. -3 or +5" : "win, lose or draw",
      cell: e.cell ? e.cell.key : null,
      reads: e.reads || [],
    };
  }
  if (e.kind !== "leave" || !e.verdict) return null;
  return {
    text: `Next: ${e.position} is solved. Does the player to move win or lose?`,
    answer: e.verdict,
    hint: "win, lose or draw",
  };
}

// Why the next step asks nothing: a base case (a cell that reads no other, m(i, i) = a[i],
// read off the game itself), or a step that reveals no value (a call, a memo look-up).
function quizSkipped() {
  const data = trace.view === "fold" && trace.fold ? trace.fold.tree.data : trace.data;
  const e = data.events ? data.events[trace.step] : null;
  const writes = trace.writes && trace.writes.includes(trace.step);
  if (e && writes && (trace.view === "table" || trace.view === "cells")) {
    return `Step forward: the next step writes a base case, ${e.position}, read off the game itself (no other cell to work from), so it is not asked.`;
  }
  if (e && e.kind === "leave" && e.verdict) {
    return "Step forward: this step reveals a value the quiz does not ask.";
  }
  return "Step forward: this step reveals no value.";
}

// What was typed, read as the page writes values: `+5` is 5, `wins` and `w` are win.
function quizNormal(text) {
  const t = text.trim().toLowerCase();
  if (/^[+-]?\d+$/.test(t)) return String(Number(t.replace(/^\+/, "")));
  if (["w", "win", "wins", "won"].includes(t)) return "win";
  if (["l", "lose", "loses", "loss", "lost"].includes(t)) return "lose";
  if (["d", "draw", "draws"].includes(t)) return "draw";
  return t;
}

// Steps forward, asking first when the quiz is on; false when it stopped to ask.
function stepForward() {
  if (!trace) return false;
  if (quizOn() && trace.step < trace.steps) {
    const question = quizQuestion();
    if (question) {
      quiz.pending = question;
      quizShow();
      $("quiz-answer").focus();
      return false;
    }
  }
  setStep(trace.step + 1);
  quizShow();
  return true;
}

function quizCheck() {
  const q = quiz.pending;
  const input = $("quiz-answer");
  if (!q || !trace) return;
  const given = input.value;
  if (given.trim() === "") {
    $("quiz-feedback").textContent = `Type an answer first (${q.hint}).`;
    return;
  }
  quiz.asked += 1;
  const right = quizNormal(given) === quizNormal(q.answer);
  if (right) quiz.right += 1;
  quiz.pending = null;
  input.value = "";
  setStep(trace.step + 1);
  quizShow();
  const feedback = $("quiz-feedback");
  feedback.textContent = right ? `✓ Right: ${q.answer}.` : `✗ Not quite: it is ${q.answer} (you said ${given.trim()}).`;
  feedback.className = right ? "right" : "wrong";
}

function quizShow() {
  const on = $("quiz-toggle").checked;
  $("quiz").hidden = !on;
  if (!on) return;
  $("quiz-score").textContent = `score ${quiz.right} of ${quiz.asked}`;
  const q = quiz.pending || (trace && trace.step < trace.steps ? quizQuestion() : null);
  $("quiz-question").textContent = q
    ? q.text
    : trace && trace.step >= trace.steps
      ? "The end of the trace: step back (or start again from step 0) to be asked again."
      : quizSkipped();
  // The asked cell and the cells its value is read from, marked in the table.
  for (const c of document.querySelectorAll("[data-cell].asked, [data-cell].asked-read")) {
    c.classList.remove("asked", "asked-read");
  }
  if (q && q.cell) {
    const cell = (key) => document.querySelector(`#table-box [data-cell="${CSS.escape(key)}"]`);
    const asked = cell(q.cell);
    if (asked) asked.classList.add("asked");
    for (const key of q.reads || []) {
      const read = cell(key);
      if (read) read.classList.add("asked-read");
    }
  }
  $("quiz-answer").placeholder = q ? q.hint : "";
  $("quiz-answer").disabled = !q;
  $("quiz-check").disabled = !q;
  if (q && !quiz.pending) quiz.pending = q;
}
