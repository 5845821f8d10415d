// ---- the table view: the game's table layout, filled in the backend's real order -----------
// Cells of a bottom-up pass (`cell` events), or the states a memo stored (`leave` events), at
// their place in the game's layout: a triangle m(i, j), a grid, or layers of subsets (counts
// per layer when large). The cells a write reads are marked, the answer cell carries a star,
// and a rolling row's overwritten cells are greyed and struck through.

function layoutTable(t, layout) {
  const box = $("table-box");
  box.textContent = "";
  const writes = []; // event indices that write a cell
  const cells = new Map(); // key -> { cell, td }
  t.data.events.forEach((e, i) => {
    const writes_ = t.data.view === "table" ? e.kind === "cell" : e.kind === "leave";
    if (!writes_ || (layout && !e.cell)) return;
    writes.push(i);
    const key = e.cell ? e.cell.key : `step${i}`;
    if (!cells.has(key)) cells.set(key, { cell: e.cell || { key, row: 0, column: cells.size }, first: i });
  });
  t.writes = writes;
  t.cells = cells;
  t.layers = null;
  // The formula above the box that scrolls, so it stays in view (and wraps) however far
  // a large table is scrolled.
  $("formula").textContent = layout && layout.formula ? layout.formula : "";
  $("formula").hidden = !(layout && layout.formula);
  const table = el("table", null, "dp");
  const caption = el("p", "", "caption");
  box.append(caption);
  t.caption = caption;
  if (!layout) {
    // Fill order only: one row of cells per line of 16.
    caption.textContent = "The table's cells in the order the backend filled them.";
    let tr = null;
    [...cells.values()].forEach((c, k) => {
      if (k % 16 === 0) tr = table.insertRow();
      c.td = tableCell(c.cell.key);
      tr.append(c.td);
    });
  } else if (layout.shape === "layers") {
    layoutLayers(t, layout, table);
  } else if (layout.rows * layout.columns > MAX_TABLE_CELLS) {
    caption.textContent = `${fmt(layout.rows)} × ${fmt(layout.columns)} cells: too many to draw; the current cell is named above.`;
  } else {
    caption.textContent = `Rows ${layout.row_label}, columns ${layout.column_label}${layout.shape === "triangle" ? ` (only ${layout.row_label} ≤ ${layout.column_label}: the diagonal first)` : ""}.`;
    const byPlace = new Map();
    for (const c of cells.values()) byPlace.set(`${c.cell.row},${c.cell.column}`, c);
    const head = table.insertRow();
    head.append(el("th", `${layout.row_label} \\ ${layout.column_label}`, "corner"));
    for (let col = 0; col < layout.columns; col++) head.append(el("th", `${layout.column_label} = ${col}`));
    for (let row = 0; row < layout.rows; row++) {
      const tr = table.insertRow();
      const named = layout.row_names && layout.row_names[row];
      tr.append(el("th", named || `${layout.row_label} = ${row}`));
      for (let col = 0; col < layout.columns; col++) {
        const c = byPlace.get(`${row},${col}`);
        if (c) {
          c.td = tableCell(c.cell.key);
          tr.append(c.td);
        } else {
          const blank = layout.shape === "triangle" && col < row;
          tr.append(el("td", blank ? "" : "·", blank ? "blank" : "unused"));
        }
      }
    }
  }
  if (layout && layout.answer && cells.has(layout.answer) && cells.get(layout.answer).td) {
    cells.get(layout.answer).td.classList.add("answer");
    cells.get(layout.answer).td.dataset.answer = "true";
  }
  box.append(table);
}

// A table cell with its key and an empty value.
function tableCell(key) {
  const td = el("td", null, "cell pending");
  td.dataset.cell = key;
  td.append(el("span", "", "v"));
  return td;
}

// Subsets by layer: in full when small (each cell a subset), else counts per layer.
function layoutLayers(t, layout, table) {
  const rows = [];
  for (const c of t.cells.values()) (rows[c.cell.row] = rows[c.cell.row] || []).push(c);
  const full = t.cells.size <= MAX_LATTICE_CELLS;
  t.caption.textContent = full
    ? `One row per number of ${layout.row_label}; each cell a subset the backend computed, win or lose for the player to move.`
    : `${fmt(t.cells.size)} subsets: too many to draw one by one, so each layer (${layout.row_label}) shows how many are solved so far, win and lose.`;
  if (!full) t.layers = [];
  for (let r = 0; r < layout.rows; r++) {
    const cellsOf = (rows[r] || []).sort((a, b) => a.cell.column - b.cell.column);
    const tr = table.insertRow();
    // "1 integer used", "2 integers used": the label's first word in the singular for one.
    const label = r === 1 ? layout.row_label.replace(/^(\w+)s\b/, "$1") : layout.row_label;
    tr.append(el("th", `${r} ${label} (${fmt(cellsOf.length)})`));
    if (full) {
      for (const c of cellsOf) {
        c.td = tableCell(c.cell.key);
        // A subset is named by its position's words (the first write's), not by its place.
        const first = t.data.events[c.first];
        c.td.prepend(el("span", first.position, "label"));
        tr.append(c.td);
      }
    } else {
      const td = el("td", "", "layer");
      td.dataset.layer = String(r);
      tr.append(td);
      t.layers[r] = { td, total: cellsOf.length };
    }
  }
}

function showTable(step) {
  const events = trace.data.events;
  const current = step > 0 ? events[step - 1] : null;
  $("current").textContent = current ? describe(current) : "";
  const written = new Map(); // key -> event of its last write before `step`
  // slot -> key written there last, by the writes before the current one: the cell whose
  // slot the current write reuses is read by it at this step, and shows as overwritten from
  // the next step on, after the write.
  const slots = new Map();
  for (const i of trace.writes) {
    if (i >= step) break;
    const e = events[i];
    const key = e.cell ? e.cell.key : `step${i}`;
    written.set(key, e);
    if (e.cell && e.cell.slot != null && i < step - 1) slots.set(e.cell.slot, key);
  }
  const isWrite = current && trace.writes.includes(step - 1);
  const reads = new Set(isWrite && current.reads ? current.reads : []);
  const currentKey = isWrite ? (current.cell ? current.cell.key : `step${step - 1}`) : null;
  for (const [key, c] of trace.cells) {
    if (!c.td) continue;
    const e = written.get(key);
    const classes = ["cell"];
    if (!e) classes.push("pending");
    else {
      classes.push(valueClass(e));
      const last = slots.get(c.cell.slot);
      if (c.cell.slot != null && key !== currentKey && last != null && last !== key) {
        classes.push("overwritten");
      }
    }
    if (reads.has(key)) classes.push("read");
    if (key === currentKey) classes.push("current");
    if (c.td.dataset.answer) classes.push("answer");
    c.td.className = classes.join(" ");
    c.td.querySelector(".v").textContent = e ? cellText(e) : "";
    if (e) {
      c.td.dataset.value = cellValue(e);
      c.td.title = `${e.position}: ${e.value}${classes.includes("overwritten") ? " (overwritten: the rolling row has reused its slot)" : ""}`;
    } else {
      delete c.td.dataset.value;
      c.td.title = "not yet computed";
    }
  }
  if (trace.layers) {
    const counts = trace.layers.map(() => ({ win: 0, lose: 0, draw: 0 }));
    for (const [key, e] of written) {
      const c = trace.cells.get(key);
      if (c && counts[c.cell.row] && e.verdict) counts[c.cell.row][e.verdict] += 1;
    }
    trace.layers.forEach((layer, r) => {
      if (!layer) return;
      const k = counts[r];
      const left = layer.total - k.win - k.lose - k.draw;
      layer.td.textContent = `win ${fmt(k.win)} · lose ${fmt(k.lose)}${k.draw ? ` · draw ${fmt(k.draw)}` : ""} · not yet ${fmt(left)}`;
    });
  }
  const td = currentKey && trace.cells.get(currentKey) && trace.cells.get(currentKey).td;
  if (td) {
    const box = $("view");
    const r = td.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    if (r.left < b.left || r.right > b.right) box.scrollLeft += r.left - b.left - b.width / 2;
    if (r.top < b.top || r.bottom > b.bottom) box.scrollTop += r.top - b.top - b.height / 3;
  }
}
