// The gamesolve teaching page: plain JavaScript, no dependencies, no requests but to the
// server that sent it. In a file written by `gamesolve explain --html` (an element
// #trace-data holds the trace as JSON) it only steps through that trace and makes no request.
//
// The script is several files joined in order (crates/app/src/page.rs): base (helpers),
// form (the game's form, the backends, the URL), views (the trace: tree, DAG, table,
// reduction), quiz, growth (the chart), main (solving, playing, start-up).
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

// Numbers as the command line prints them: plain digits, no grouping.
function fmt(n) {
  return typeof n === "number" ? String(n) : String(n);
}

// A duration in seconds with three significant digits and a unit, as the CLI's `time` line
// (`99.9 µs`, `10.6 ms`, `1.23 s`).
function duration(seconds) {
  const ns = seconds * 1e9;
  let value;
  let unit;
  if (ns < 1e3) [value, unit] = [ns, "ns"];
  else if (ns < 1e6) [value, unit] = [ns / 1e3, "µs"];
  else if (ns < 1e9) [value, unit] = [ns / 1e6, "ms"];
  else [value, unit] = [ns / 1e9, "s"];
  const digits = value < 10 ? 2 : value < 100 ? 1 : 0;
  return `${value.toFixed(digits)} ${unit}`;
}

// Bytes as the CLI prints them: `131072 (128.0 KiB)`.
function bytes(n) {
  if (typeof n !== "number" || n < 1024) return fmt(n);
  const units = ["KiB", "MiB", "GiB", "TiB"];
  let value = n / 1024;
  let k = 0;
  while (value >= 1024 && k < units.length - 1) {
    value /= 1024;
    k += 1;
  }
  return `${n} (${value.toFixed(1)} ${units[k]})`;
}

function setStatus(text, error) {
  const status = $("status");
  if (!status) return;
  status.textContent = text;
  status.className = error ? "error" : "";
}

function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text != null) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function svgEl(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
  if (text != null) node.textContent = text;
  return node;
}

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
  });
  let json;
  try {
    json = await response.json();
  } catch (e) {
    json = { error: `HTTP ${response.status}`, kind: "http" };
  }
  return json;
}
