// ---- the reduction view: the row and each merge, step by step ------------------------------
// Step k shows the row after its first k merges (three runs x ≤ y ≥ z became x − y + z), the
// three runs the next merge takes marked; after the last merge, the greedy play on the
// reduced row and the margin.

function layoutReduction(t) {
  const own = t.data.own_data;
  const box = $("reduction-box");
  box.textContent = "";
  const drawable = own.row.length === own.len;
  let runs = own.row.map((value, i) => ({ first: i, last: i, value }));
  t.snapshots = [runs];
  for (const m of own.steps) {
    const at = runs.findIndex((r) => r.first === m.left.first);
    if (at < 0 || !runs[at + 2] || runs[at + 2].last !== m.right.last) break;
    runs = runs.slice(0, at).concat([m.result], runs.slice(at + 3));
    t.snapshots.push(runs);
  }
  box.append(el("p", "Each peak x ≤ y ≥ z (three neighbouring runs, the middle one at least as large as both) becomes one value x − y + z: whoever takes y, the other answers at once with its neighbour, so the three act as one value and the game's value does not change.", "note"));
  const row = el("div", null, "runs");
  row.setAttribute("role", "list");
  row.setAttribute("aria-label", "the row");
  const merge = el("p", "", "merge-now");
  const list = el("ol", null, "merges");
  own.merges.forEach((text) => list.append(el("li", text)));
  if (own.merge_count > own.merges.length) {
    list.append(el("li", `… ${fmt(own.merge_count - own.merges.length)} more merges`, "more"));
  }
  const end = el("div", null, "greedy");
  end.append(el("p", `Reduced row, no peak left: ${own.reduced.join(" ")}${own.reduced_len > own.reduced.length ? ` … ${fmt(own.reduced_len - own.reduced.length)} more` : ""}`));
  end.append(el("p", "Greedy play on the reduced row: both players take the larger end."));
  const play = el("ol");
  own.play.forEach((text) => play.append(el("li", text)));
  end.append(play, el("p", `Margin for the first player: ${own.margin > 0 ? "+" : ""}${own.margin}`, "answer"));
  if (!drawable) row.append(el("p", `The row has ${fmt(own.len)} values: too long to draw; the merges are listed below.`, "note"));
  box.append(row, merge, el("h3", `Merges, in order (${fmt(own.merge_count)})`), list, end);
  t.reduction = { row, merge, list, end, drawable };
}

function showReduction(step) {
  const own = trace.data.own_data;
  const r = trace.reduction;
  const done = step >= own.steps.length;
  const next = done ? null : own.steps[step];
  const last = step > 0 ? own.steps[step - 1] : null;
  if (r.drawable) {
    r.row.textContent = "";
    const runs = trace.snapshots[Math.min(step, trace.snapshots.length - 1)];
    for (const run of runs) {
      const box = el("div", null, "run");
      box.setAttribute("role", "listitem");
      box.dataset.run = `${run.first}..${run.last}`;
      box.dataset.value = String(run.value);
      box.append(el("b", String(run.value)), el("small", run.first === run.last ? `a[${run.first}]` : `a[${run.first}..=${run.last}]`));
      if (last && run.first === last.result.first && run.last === last.result.last) {
        box.classList.add("merged");
        box.append(el("small", "just merged", "tag"));
      }
      if (next && [next.left, next.peak, next.right].some((p) => p.first === run.first && p.last === run.last)) {
        box.classList.add("peak");
        box.append(el("small", run.first === next.peak.first ? "peak y" : run.first === next.left.first ? "x" : "z", "tag"));
      }
      r.row.append(box);
    }
  }
  r.merge.textContent = last
    ? `Merge ${step}: ${last.left.value} ≤ ${last.peak.value} ≥ ${last.right.value} became ${last.left.value} − ${last.peak.value} + ${last.right.value} = ${last.result.value} (values ${last.result.first}..=${last.result.last}).`
    : own.steps.length
      ? "The row as given; step forward to see its first merge."
      : "The row has no peak to merge: it is already reduced.";
  // In quiz mode a merge's result stays hidden until its step is answered (or stepped past):
  // the list shows "-> ?" for it, `data-hidden` set.
  const quizzing = $("quiz-toggle") && $("quiz-toggle").checked;
  [...r.list.children].forEach((li, k) => {
    li.className = k < step ? "done" : k === step ? "next" : "";
    if (k >= own.merges.length) return;
    const hide = quizzing && k >= step;
    li.textContent = hide ? own.merges[k].replace(/->\s*\S+\s*$/, "-> ?") : own.merges[k];
    if (hide) li.dataset.hidden = "true";
    else delete li.dataset.hidden;
  });
  r.end.hidden = !done;
  $("current").textContent = last ? own.merges[step - 1] : "";
}
