// warplint report: renders the JSON embedded in the page (the output of
// `check --format=json` and `accesses --format=json`, and the source text).
// No network, no library: everything is drawn here.
"use strict";
(function () {
  const D = JSON.parse(document.getElementById("warplint-data").textContent);
  const diags = D.check.diagnostics;
  const UNITS = { global: "sectors", local: "sectors", generic: "sectors", shared: "wavefronts",
                  const: "addresses" };
  const FIGURE = { shared: "wavefronts_per_request", const: "addresses_per_request" };

  // --- small helpers -------------------------------------------------------
  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null) continue;
      if (k === "class") e.className = v; else if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v);
    }
    for (const c of kids) if (c !== null && c !== undefined)
      e.append(c instanceof Node ? c : String(c));
    return e;
  }
  function svg(tag, attrs, ...kids) {
    const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    for (const c of kids) e.append(c instanceof Node ? c : String(c));
    return e;
  }
  const num = (v) => v === null || v === undefined ? "-" :
    (Math.round(v * 100) / 100).toLocaleString("en-US");
  /// A duration in microseconds as a person reads it.
  function us(v) {
    if (v === null || v === undefined) return "-";
    if (v >= 1000) return num(v / 1000) + " ms";
    if (v >= 1) return num(v) + " \u00b5s";
    return num(v * 1000) + " ns";
  }
  /// "saves 120 µs (25%)" for a finding with a time saved.
  function saving(d) {
    const t = d.time_saved;
    if (!t) return "";
    if (t.us < 0) return "predicted slower by " + us(-t.us);
    if (t.percent < 1) return "saves under 1%";
    return "saves " + us(t.us) + " (" + num(t.percent) + "%)";
  }
  function bytes(v) {
    if (v >= 1 << 20) return num(v / (1 <<20)) + " MiB";
    if (v >= 1 << 10) return num(v / (1 << 10)) + " KiB";
    return num(v) + " B";
  }
  const base = (p) => p.split("/").pop();
  const dims = (d) => d ? "(" + d.join(",") + ")" : "?";
  const loc = (o) => base(o.file) + ":" + o.line + ":" + o.column;

  // --- the model: kernels, their totals, lines ------------------------------
  const kernels = [];
  for (const f of D.accesses.files)
    for (const k of f.kernels) kernels.push(Object.assign({ input: f.file }, k));
  const nameCount = {};
  for (const k of kernels) nameCount[k.name] = (nameCount[k.name] || 0) + 1;
  kernels.forEach((k, i) => {
    k.id = "kernel-" + i;
    k.files = new Set([k.input, ...k.accesses.map((a) => a.file)]);
    const t = { global: 0, shared: 0, local: 0, const: 0, bytes: 0, ideal: 0, waste: 0,
                spaces: {}, lines: {} };
    for (const a of k.accesses) {
      const per = a.predicted[FIGURE[a.space] || "sectors_per_request"];
      if (per !== null && per !== undefined && a.space in t) t[a.space] += per;
      if (a.predicted.bytes_per_request === undefined) continue;
      t.bytes += a.predicted.bytes_per_request; t.ideal += a.predicted.ideal_bytes_per_request;
      t.waste += a.predicted.wasted_bytes_per_request;
      const s = t.spaces[a.space] || (t.spaces[a.space] = { ideal: 0, waste: 0 });
      s.ideal += a.predicted.ideal_bytes_per_request;
      s.waste += a.predicted.wasted_bytes_per_request;
      const key = a.file + "\u0000" + a.line;
      const l = t.lines[key] || (t.lines[key] = { file: a.file, line: a.line, ideal: 0, waste: 0 });
      l.ideal += a.predicted.ideal_bytes_per_request;
      l.waste += a.predicted.wasted_bytes_per_request;
    }
    t.wastePct = t.bytes ? 100 * t.waste / t.bytes : 0;
    k.totals = t;
    k.findings = [];
  });
  // A finding belongs to the kernel it names (in the files that kernel spans).
  diags.forEach((d, i) => {
    d.id = "finding-" + i;
    const k = kernels.find((k) => k.name === d.kernel &&
                                  (nameCount[k.name] === 1 || k.files.has(d.file)));
    if (k) k.findings.push(d);
  });
  // What fixing the kernel's best finding saves (µs; null when no finding
  // has a time), and the order of the overview and the cards: the most time
  // saved first, then the longest predicted time, then the most waste.
  const timeOf = (k) => (k.time && k.time.predicted_us !== null) ? k.time.predicted_us : -1;
  for (const k of kernels) {
    const s = k.findings.filter((d) => d.time_saved).map((d) => d.time_saved.us);
    k.saves = s.length ? Math.max(...s) : null;
    k.savesFinding = k.findings.find((d) => d.time_saved && d.time_saved.us === k.saves);
  }
  kernels.sort((a, b) => ((b.saves ?? -Infinity) - (a.saves ?? -Infinity)) ||
                         (timeOf(b) - timeOf(a)) || (b.totals.waste - a.totals.waste));

  // Per file and line: accesses (with their kernel) and findings.
  const files = [];
  const fileIndex = {};
  function fileOf(path) {
    if (!(path in fileIndex)) {
      fileIndex[path] = files.length;
      files.push({ path, lines: {} });
    }
    return files[fileIndex[path]];
  }
  const lineOf = (path, n) => {
    const f = fileOf(path);
    return f.lines[n] || (f.lines[n] = { accesses: [], findings: [] });
  };
  for (const f of D.accesses.files) if (f.file in D.sources) fileOf(f.file);
  for (const k of kernels) for (const a of k.accesses) lineOf(a.file, a.line).accesses.push([k, a]);
  for (const d of diags) lineOf(d.file, d.line).findings.push(d);
  const lineId = (path, n) => "L" + fileIndex[path] + "-" + n;

  /// "1 finding", "2 findings".
  const count = (n, noun) => n + " " + noun + (n === 1 ? "" : "s");

  // --- header ---------------------------------------------------------------
  function summary() {
    const w = diags.filter((d) => d.severity !== "note").length;
    const s = document.getElementById("summary");
    s.append(count(kernels.length, "kernel") + " \u00b7 " + count(diags.length, "finding") + " (" + w +
             " warnings or errors) \u00b7 " + count(files.length, "file") + " \u00b7 " + D.warplint.arch +
             (D.warplint.confirm ? " \u00b7 confirmed on the device model" : "") +
             " \u00b7 warplint " + D.warplint.version);
    for (const e of D.errors) s.append(el("div", { class: "errors", text: e.message }));
  }

  // --- overview table -------------------------------------------------------
  const COLUMNS = [
    ["Kernel", "text", (k) => k.name, (k) => el("a", { href: "#" + k.id, text: k.name })],
    ["File", "text", (k) => base(k.input)],
    ["Launch", "text", (k) => "grid" + dims(k.launch.grid) + " block" + dims(k.launch.block),
     (k) => el("span", {}, "grid" + dims(k.launch.grid) + " block" + dims(k.launch.block),
               el("div", { class: "from", text: "from " + k.launch.source }))],
    ["Time", "num", (k) => (k.time && k.time.predicted_us !== null) ? k.time.predicted_us : -1,
     (k) => (k.time && k.time.predicted_us !== null)
       ? el("span", {}, us(k.time.predicted_us),
            el("div", { class: "from", text: k.time.limiter + "-bound on " + k.time.gpu }))
       : "-"],
    ["Saves", "num", (k) => k.saves === null ? -1e12 : k.saves,
     (k) => {
       if (k.saves === null) return "-";
       const t = k.savesFinding.time_saved;
       return el("span", { class: "saves" },
         t.us < 0 ? "slower" : t.percent < 1 ? "under 1%" : us(t.us),
         el("div", { class: "from", text: (t.percent >= 1 ? num(t.percent) + "% \u00b7 " : "") +
                                          k.savesFinding.rule }));
     }],
    ["Global sectors", "num", (k) => k.totals.global],
    ["Shared wavefronts", "num", (k) => k.totals.shared],
    ["Local sectors", "num", (k) => k.totals.local],
    ["Const addresses", "num", (k) => k.totals.const],
    ["Traffic", "num", (k) => k.totals.bytes, (k) => bytes(k.totals.bytes)],
    ["Waste", "num", (k) => k.totals.waste, (k) => el("span", {},
      bytes(k.totals.waste), el("span", { class: "wastebar",
        style: "width:" + Math.round(k.totals.wastePct / 2) + "px" }))],
    ["Waste %", "num", (k) => k.totals.wastePct, (k) => num(k.totals.wastePct) + "%"],
    ["Registers", "num", (k) => k.resources.registers,
     (k) => k.resources.registers + (k.resources.registers_from === "ptxas" ? "" : " (est.)")],
    ["Occupancy", "num", (k) => k.resources.occupancy_percent,
     (k) => k.resources.occupancy_percent + "%"],
    ["Limiter", "text", (k) => k.resources.limiter || "-"],
    ["Findings", "num", (k) => k.findings.length],
  ];
  function overview() {
    const table = document.getElementById("overview-table");
    const head = el("tr");
    COLUMNS.forEach(([name, type], c) => head.append(
      el("th", { class: type === "text" ? "text" : null, "data-column": c, text: name,
                 onclick: () => sortBy(c) })));
    const body = el("tbody");
    for (const k of kernels) {
      const tr = el("tr", { "data-kernel": k.id });
      for (const [, type, value, show] of COLUMNS)
        tr.append(el("td", { class: type === "text" ? "text" : null, "data-value": value(k) },
                         show ? show(k) : (type === "num" ? num(value(k)) : value(k))));
      body.append(tr);
    }
    table.append(el("thead", {}, head), body);
    // In the cards' order (the rows went in so): the sort arrow on the
    // column that leads it, the time saved where a finding has one, else
    // the predicted time, else the waste.
    const lead = kernels.some((k) => k.saves !== null) ? "Saves" :
      kernels.some((k) => timeOf(k) >= 0) ? "Time" : "Waste";
    const c = COLUMNS.findIndex((col) => col[0] === lead);
    sorted = { column: c, desc: true };
    for (const th of table.querySelectorAll("th"))
      if (Number(th.dataset.column) === c) th.classList.add("sorted-desc");
  }
  let sorted = { column: -1, desc: true };
  function sortBy(c) {
    const numeric = COLUMNS[c][1] === "num";
    const desc = sorted.column === c ? !sorted.desc : numeric;
    sorted = { column: c, desc };
    const body = document.querySelector("#overview-table tbody");
    const rows = [...body.rows];
    const key = (r) => r.cells[c].dataset.value;
    rows.sort((a, b) => {
      const x = key(a), y = key(b);
      const r = numeric ? Number(x) - Number(y) : x.localeCompare(y);
      return desc ? -r : r;
    });
    body.append(...rows);
    for (const th of document.querySelectorAll("#overview-table th")) {
      th.classList.remove("sorted-asc", "sorted-desc");
      if (Number(th.dataset.column) === c) th.classList.add(desc ? "sorted-desc" : "sorted-asc");
    }
  }

  // --- per kernel: facts, findings, charts ----------------------------------
  function barChart(title, rows, link) {
    // rows: [{label, ideal, waste, href?}], drawn as stacked horizontal bars.
    const W = 420, H = 18, L = 130;
    const max = Math.max(1, ...rows.map((r) => r.ideal + r.waste));
    const s = svg("svg", { class: "chart", width: W, height: 24 + rows.length * H,
                           role: "img", "aria-label": title });
    s.append(svg("text", { x: 0, y: 12, "font-weight": "600" }, title));
    rows.forEach((r, i) => {
      const y = 20 + i * H;
      const wi = (W - L - 70) * r.ideal / max, ww = (W - L - 70) * r.waste / max;
      const label = svg("text", { x: L - 6, y: y + 11, "text-anchor": "end" }, r.label);
      s.append(link && r.href ? (() => { const a = svg("a", { href: r.href }); a.append(label);
                                         return a; })() : label);
      s.append(svg("rect", { class: "ideal", x: L, y: y + 2, width: wi, height: H - 6 }));
      s.append(svg("rect", { class: "waste", x: L + wi, y: y + 2, width: ww, height: H - 6 }));
      s.append(svg("text", { x: L + wi + ww + 4, y: y + 11 }, bytes(r.ideal + r.waste)));
    });
    return s;
  }
  function kernelCard(k) {
    const r = k.resources, t = k.totals;
    const card = el("div", { class: "kernel", id: k.id, "data-name": k.name },
      el("h3", {}, k.name, el("span", { class: "count" }, "  " + base(k.input))),
      el("div", { class: "facts" },
        "launch grid" + dims(k.launch.grid) + " block" + dims(k.launch.block) + " from " +
        k.launch.source + " \u00b7 " + r.registers + " registers per thread (" +
        r.registers_from + ") \u00b7 occupancy " + r.occupancy_percent + "% (" +
        r.blocks_per_sm + " blocks, " + r.warps_per_sm + " warps per SM" +
        (r.limiter ? ", limited by " + r.limiter : "") + ") \u00b7 static shared " +
        bytes(r.static_shared_bytes) + " \u00b7 traffic per warp " + bytes(t.bytes) +
        ", waste " + bytes(t.waste) + " (" + num(t.wastePct) + "%)"));
    if (k.time)
      card.append(el("div", { class: "facts", text: k.time.predicted_us !== null
        ? "predicted time " + us(k.time.predicted_us) + " on " + k.time.gpu + ", " +
          k.time.limiter + "-bound" + (k.time.assumption ? "; " + k.time.assumption : "")
        : "no predicted time: " + k.time.why }));
    for (const a of k.launch.assumptions || [])
      card.append(el("div", { class: "facts", text: "assumed: " + a }));
    const list = el("ul", { class: "kernel-findings" });
    // The findings worth the most time first.
    const saved = (d) => d.time_saved ? d.time_saved.us : -Infinity;
    for (const d of [...k.findings].sort((a, b) => saved(b) - saved(a)))
      list.append(el("li", { class: "finding-link", "data-rule": d.rule },
        el("a", { href: "#" + d.id, text: loc(d) }), " " + d.severity + " [" + d.rule + "]" +
        (d.time_saved ? " \u00b7 " + saving(d) : "")));
    card.append(el("div", {}, count(k.findings.length, "finding")), list);
    const spaces = Object.entries(t.spaces).map(([s, v]) => ({ label: s, ideal: v.ideal,
                                                              waste: v.waste }));
    const lines = Object.values(t.lines).sort((a, b) => (b.ideal + b.waste) - (a.ideal + a.waste))
      .slice(0, 12).map((l) => ({ label: base(l.file) + ":" + l.line, ideal: l.ideal,
                                  waste: l.waste, href: "#" + lineId(l.file, l.line) }));
    card.append(el("div", { class: "charts" },
      barChart("traffic by state space (bytes per warp)", spaces),
      barChart("traffic by line (bytes per warp)", lines, true)),
      el("div", { class: "legend" }, el("span", { style: "background:var(--ideal)" }),
         "ideal", el("span", { style: "background:var(--waste)" }), "waste"));
    return card;
  }

  // --- source with figures and findings -------------------------------------
  const KEYWORDS = new Set(("if else for while do return break continue switch case default " +
    "struct class union enum const constexpr static inline extern template typename using " +
    "namespace sizeof auto volatile true false nullptr typedef goto").split(" "));
  const TYPES = new Set(("void bool char short int long float double unsigned signed size_t " +
    "int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t float2 float3 float4 " +
    "int2 int3 int4 double2 dim3 half").split(" "));
  const CUDA = /^(__global__|__device__|__host__|__shared__|__constant__|__restrict__|__syncthreads|__launch_bounds__|threadIdx|blockIdx|blockDim|gridDim|warpSize|atomic\w*|__shfl\w*)$/;
  const TOKEN = /(\/\*[\s\S]*?\*\/|\/\/[^\n]*)|("(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')|(^[ \t]*#[^\n]*)|(\b\d[\w.]*)|([A-Za-z_]\w*)/gm;
  function highlight(text) {
    const lines = [[]];
    const emit = (s, cls) => s.split("\n").forEach((part, i) => {
      if (i) lines.push([]);
      if (part) lines[lines.length - 1].push(cls ? el("span", { class: cls, text: part }) : part);
    });
    let at = 0;
    for (const m of text.matchAll(TOKEN)) {
      emit(text.slice(at, m.index));
      const w = m[0];
      const cls = m[1] ? "tok-com" : m[2] ? "tok-str" : m[3] ? "tok-pp" : m[4] ? "tok-num" :
        CUDA.test(w) ? "tok-cuda" : KEYWORDS.has(w) ? "tok-kw" : TYPES.has(w) ? "tok-ty" : null;
      emit(w, cls);
      at = m.index + w.length;
    }
    emit(text.slice(at));
    return lines;
  }
  function accessBadge(k, a) {
    const per = a.predicted[FIGURE[a.space] || "sectors_per_request"];
    const unit = UNITS[a.space] || "";
    let text = a.space + " " + a.op + " " + a.bytes + "B " + a.pattern + " \u00b7 ";
    text += per === null || per === undefined ? "data-dependent" :
      num(per) + " " + unit + "/req (ideal " + num(a.predicted.ideal) + ")";
    const title = [kernels.length > 1 ? "kernel " + k.name : null,
      "column " + a.column, a.stride_bytes !== null ? "stride " + a.stride_bytes + " B" : null,
      a.predicted.wasted_bytes_per_request ?
        "wastes " + bytes(a.predicted.wasted_bytes_per_request) + " per request" : null, ...(a.assumptions || [])].filter(Boolean).join("\n");
    const wasteful = a.predicted.wasted_bytes_per_request > 0;
    const b = el("span", { class: "acc" + (wasteful ? " wasteful" : ""), title,
                           "data-kernel": k.name, "data-line": a.line, "data-space": a.space },
                 text);
    if (a.measured) {
      const m = a.measured;
      b.append(el("span", { class: "acc measured",
        text: "measured " + num(m.requests) + " req, " + num(m.per_request) + " " +
              (UNITS[m.space] || "") + "/req" }));
    }
    return b;
  }
  function fixitDiff(d, source) {
    const box = el("div", { class: "diff" });
    for (const x of d.fixits) {
      const text = source(x.file)?.[x.line - 1];
      if (x.file !== d.file || x.line !== d.line) box.append(el("span", { text: loc(x) + "\n" }));
      if (text === undefined) {
        box.append(el("span", { class: "add", text: "+ " + x.insert }));
        continue;
      }
      const after = text.slice(0, x.column - 1) + x.insert +
                    text.slice(x.column - 1 + x.remove_columns);
      box.append(el("span", { class: "del", text: "- " + text }),
                 el("span", { class: "add", text: "+ " + after }));
    }
    return box;
  }
  function findingBox(d, source) {
    const box = el("div", { class: "finding " + d.severity, id: d.id, "data-rule": d.rule,
                            "data-kernel": d.kernel, "data-file": d.file, "data-line": d.line },
      el("span", { class: "sev", text: d.severity + ": " }), d.message + " ",
      el("a", { href: D.warplint.rule_docs + "/" + d.rule + ".md", class: "rule-doc",
                text: "[" + d.rule + "]" }),
      el("div", { class: "meta", text: "kernel " + d.kernel + " \u00b7 " + loc(d) }));
    if (d.notes.length) {
      const notes = el("div", { class: "notes" });
      for (const n of d.notes) notes.append(el("div", { text: loc(n) + ": note: " + n.message }));
      box.append(notes);
    }
    if (d.time_saved) {
      const t = d.time_saved;
      box.append(el("div", { class: "time-saved", text: "time: " + saving(d) + " of " +
        us(t.kernel_us) + " on " + t.gpu + " at " + t.launch +
        (t.assumption ? "; " + t.assumption : "") }));
    }
    if (d.confirmed) {
      const c = d.confirmed;
      box.append(el("div", { class: "confirmed", text: "device model: " + c.metric + " " +
        num(c.measured) + (c.predicted !== null ? " (predicted " + num(c.predicted) + ")" : "") +
        (c.contradicted ? ", contradicts the prediction" : "") + " on " + c.launch }));
    }
    if (d.fixits.length) box.append(fixitDiff(d, source));
    return box;
  }
  function fileSection(f, source) {
    const text = source(f.path);
    const sec = el("div", { class: "file", id: "file-" + fileIndex[f.path] },
                   el("h3", { text: f.path }));
    const table = el("table", { class: "source" });
    const numbers = text ? text.map((_, i) => i + 1) :
      Object.keys(f.lines).map(Number).sort((a, b) => a - b);
    const painted = D.sources[f.path] !== undefined ? highlight(D.sources[f.path]) : null;
    for (const n of numbers) {
      const info = f.lines[n] || { accesses: [], findings: [] };
      let heat = 0; // The largest share of one kernel's waste on this line.
      const share = {};
      for (const [k, a] of info.accesses) if (k.totals.waste && a.predicted.wasted_bytes_per_request)
        share[k.id] = (share[k.id] || 0) + a.predicted.wasted_bytes_per_request / k.totals.waste;
      for (const v of Object.values(share)) heat = Math.max(heat, v);
      const figures = el("td", { class: "figures" });
      for (const [k, a] of info.accesses) figures.append(accessBadge(k, a));
      const code = el("td", { class: "code" });
      if (painted) code.append(...(painted[n - 1] || []));
      else code.append(el("i", { text: "(source not available)" }));
      table.append(el("tr", { id: lineId(f.path, n), class: heat > 0 ? "has-waste" : null,
                              "data-line": n },
        el("td", { class: "ln", text: n }),
        el("td", { class: "heat", title: heat ? num(100 * heat) + "% of the kernel's waste" : null },
           heat ? el("div", { style: "width:" + Math.max(2, Math.round(46 * heat)) + "px" }) : null),
        code, figures));
      if (info.findings.length) {
        const cell = el("td", { colspan: 4 });
        for (const d of info.findings) cell.append(findingBox(d, source));
        table.append(el("tr", { class: "finding-row" }, cell));
      }
    }
    sec.append(table);
    return sec;
  }

  // --- navigation: kernel list, rule filter, next/previous finding ----------
  function sidebar() {
    const list = document.getElementById("kernel-list");
    for (const k of kernels)
      list.append(el("li", {}, el("a", { href: "#" + k.id, class: "kernel-link", text: k.name }),
                     el("span", { class: "count", text: " " + k.findings.length })));
    const fl = document.getElementById("file-list");
    for (const f of files)
      fl.append(el("li", {}, el("a", { href: "#file-" + fileIndex[f.path], text: base(f.path),
                                      title: f.path })));
  }
  let current = -1;
  const visibleFindings = () => [...document.querySelectorAll(".finding")]
    .filter((e) => !e.classList.contains("hidden"));
  function go(step) {
    const all = visibleFindings();
    if (!all.length) return;
    const at = all.findIndex((e) => e.classList.contains("current"));
    current = at < 0 ? (step > 0 ? 0 : all.length - 1) : (at + step + all.length) % all.length;
    for (const e of document.querySelectorAll(".finding.current")) e.classList.remove("current");
    const e = all[current];
    e.classList.add("current");
    e.scrollIntoView({ block: "center" });
    history.replaceState(null, "", "#" + e.id);
    document.getElementById("finding-position").textContent =
      "finding " + (current + 1) + " of " + all.length;
  }
  function filters() {
    const select = document.getElementById("rule-filter");
    const counts = {};
    for (const d of diags) counts[d.rule] = (counts[d.rule] || 0) + 1;
    for (const r of Object.keys(counts).sort())
      select.append(el("option", { value: r, text: r + " (" + counts[r] + ")" }));
    select.addEventListener("change", () => {
      const r = select.value;
      for (const e of document.querySelectorAll(".finding, .finding-link"))
        e.classList.toggle("hidden", r !== "" && e.dataset.rule !== r);
      for (const row of document.querySelectorAll(".finding-row"))
        row.classList.toggle("hidden", !row.querySelector(".finding:not(.hidden)"));
      document.getElementById("finding-position").textContent =
        visibleFindings().length + " findings shown";
    });
    document.getElementById("next-finding").addEventListener("click", () => go(1));
    document.getElementById("prev-finding").addEventListener("click", () => go(-1));
    document.addEventListener("keydown", (ev) => {
      if (ev.target.tagName === "SELECT" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
      if (ev.key === "n") go(1); else if (ev.key === "p") go(-1);
    });
  }

  // --- render ----------------------------------------------------------------
  const lineCache = {};
  const source = (path) => path in D.sources ?
    (lineCache[path] || (lineCache[path] = D.sources[path].split("\n"))) : undefined;
  summary();
  overview();
  const ks = document.getElementById("kernels");
  ks.append(el("h2", { text: "Kernels" }));
  for (const k of kernels) ks.append(kernelCard(k));
  const fs = document.getElementById("files");
  fs.append(el("h2", { text: "Source" }));
  for (const f of files) fs.append(fileSection(f, source));
  sidebar();
  filters();
  document.body.dataset.ready = "true";
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
})();
