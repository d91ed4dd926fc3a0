// Opens `warplint report samples/*.cu` in headless Chromium and checks it
// against `check --format=json` and `accesses --format=json` of the same
// files: every kernel, every access figure and every finding is on the page;
// next/previous finding, kernel links, sorting and the rule filter work; no
// console errors and no request leaves the file. Saves screenshots in OUT.
// usage: node report.test.mjs WARPLINT OUT_DIR CHROMIUM
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

const [warplint, out, browserPath] = process.argv.slice(2);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const samples = fs.readdirSync(path.join(root, "samples")).filter((f) => f.endsWith(".cu"))
  .sort().map((f) => path.join(root, "samples", f));

let failures = 0;
function check(ok, what) {
  if (!ok) { failures++; console.log("FAIL: " + what); }
}

function warplintJson(args) {
  const r = spawnSync(warplint, args, { encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0 && r.status !== 1)
    throw new Error(`warplint ${args.join(" ")} exited ${r.status}: ${r.stderr}`);
  return r;
}

const report = path.join(out, "report.html");
const made = warplintJson(["report", "--no-cuda-sdk", ...samples, "-o", report]);
check(made.stdout === "", "report writes nothing on stdout");
const expected = JSON.parse(warplintJson(["check", "--no-cuda-sdk", "--format=json", ...samples]).stdout);
const accesses = JSON.parse(warplintJson(["accesses", "--no-cuda-sdk", "--format=json", ...samples]).stdout);
const kernels = accesses.files.flatMap((f) => f.kernels);
const diags = expected.diagnostics;
check(diags.length > 0 && kernels.length >= samples.length, "the samples have kernels and findings");

const browser = await chromium.launch({ executablePath: browserPath, headless: true,
                                        args: ["--no-sandbox"] });
const page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
const problems = [];
page.on("console", (m) => { if (m.type() === "error") problems.push("console: " + m.text()); });
page.on("pageerror", (e) => problems.push("page error: " + e.message));
page.on("request", (r) => {
  if (!/^(file|data):/.test(r.url())) problems.push("network request: " + r.url());
});
await page.goto(pathToFileURL(report).href);
await page.waitForSelector("body[data-ready=true]", { timeout: 20000 });

// The page as it opens (sorted by what a fix saves, then predicted time): the screenshot docs/report.md shows.
await page.screenshot({ path: path.join(out, "report.png") });

// Every kernel: an overview row and a sidebar link, the same names.
const rows = await page.$$eval("#overview-table tbody tr", (rs) => rs.map((r) => r.cells[0].textContent));
const links = await page.$$eval("#kernel-list a", (as) => as.map((a) => a.textContent));
const names = kernels.map((k) => k.name).sort();
check(JSON.stringify([...rows].sort()) === JSON.stringify(names), `overview rows ${rows} = kernels ${names}`);
check(JSON.stringify([...links].sort()) === JSON.stringify(names), "kernel list = kernels");

// Every access figure of `accesses`, on its line of its file, for its kernel.
const badges = await page.$$eval(".file", (secs) => secs.flatMap((s) => {
  const file = s.querySelector("h3").textContent;
  return [...s.querySelectorAll(".acc[data-kernel]")].map((b) =>
    [file, b.closest("tr").dataset.line, b.dataset.kernel, b.dataset.space].join("|"));
}));
const want = kernels.flatMap((k) => k.accesses.map((a) => [a.file, a.line, k.name, a.space].join("|")));
check(JSON.stringify([...badges].sort()) === JSON.stringify([...want].sort()),
      `access figures on the page (${badges.length}) = accesses (${want.length})`);

// Every line of every source file, highlighted, in order, beside its figures.
const sources = await page.$$eval(".file", (secs) => secs.map((s) => ({
  file: s.querySelector("h3").textContent,
  lines: [...s.querySelectorAll("tr[data-line]")].map((r) =>
    [Number(r.dataset.line), r.querySelector(".code").textContent]),
  painted: s.querySelectorAll(".code .tok-cuda").length })));
const inputs = new Set([...kernels.map((k) => k.accesses.map((a) => a.file)).flat(),
                        ...diags.map((d) => d.file)]);
check(sources.length === inputs.size && sources.every((s) => inputs.has(s.file)),
      `a source section per file with accesses or findings (${sources.length} = ${inputs.size})`);
for (const s of sources) {
  const text = fs.readFileSync(s.file, "utf8").split("\n");
  check(s.lines.length === text.length && s.lines.every(([n, t], i) => n === i + 1 && t === text[i]),
        `${s.file}: every line of the source is shown (${s.lines.length} of ${text.length})`);
  check(s.painted > 0, `${s.file}: the source is highlighted`);
}

// Every finding of `check`, in order, with its rule, place and message.
const shown = await page.$$eval(".finding", (fs) => fs.map((f) => ({
  id: f.id, rule: f.dataset.rule, file: f.dataset.file, line: Number(f.dataset.line),
  kernel: f.dataset.kernel, text: f.textContent, doc: f.querySelector(".rule-doc").href,
  row: Number(f.closest("tr").previousElementSibling.dataset.line) })));
check(shown.length === diags.length, `findings on the page (${shown.length}) = check (${diags.length})`);
diags.forEach((d, i) => {
  const s = shown.find((x) => x.id === "finding-" + i);
  check(s && s.rule === d.rule && s.file === d.file && s.line === d.line && s.kernel === d.kernel &&
        s.text.includes(d.message), `finding ${i} (${d.file}:${d.line} ${d.rule}) is shown`);
  // The link is the public page (--docs-url's default), which is the repository's page.
  if (s) check(s.doc.endsWith("/" + d.rule + ".md") &&
               fs.existsSync(path.join(root, "docs", "rules", d.rule + ".md")),
               `finding ${i} links its rule page (${s.doc})`);
  if (s) check(s.line === d.line && s.row === d.line, `finding ${i} sits under its line`);
});
// A fix-it is a diff of its line: the line as it is, and as the fix makes it.
const diffs = await page.$$eval(".finding .diff", (ds) => ds.map((d) => ({
  del: [...d.querySelectorAll(".del")].map((e) => e.textContent),
  add: [...d.querySelectorAll(".add")].map((e) => e.textContent) })));
const fixits = diags.flatMap((d) => d.fixits);
check(diffs.length === diags.filter((d) => d.fixits.length).length &&
      diffs.flatMap((d) => d.add).length === fixits.length &&
      diffs.flatMap((d) => d.del).length === fixits.length,
      `every fix-it is shown as a diff (${diffs.length} diffs, ${fixits.length} fix-its)`);
fixits.forEach((x, i) => {
  const line = fs.readFileSync(x.file, "utf8").split("\n")[x.line - 1];
  const after = line.slice(0, x.column - 1) + x.insert + line.slice(x.column - 1 + x.remove_columns);
  const d = diffs.flatMap((d) => d.add);
  check(d.includes("+ " + after), `fix-it ${i} shows its line as the fix makes it: ${after}`);
});

const inView = (sel) => page.$eval(sel, (e) => {
  const r = e.getBoundingClientRect();
  return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
});

// Next finding visits every finding once, in page order, and shows it.
const order = shown.map((s) => s.id);
for (let i = 0; i < order.length; i++) {
  await page.click("#next-finding");
  const cur = await page.$eval(".finding.current", (e) => e.id);
  check(cur === order[i], `next finding ${i + 1} is ${order[i]} (got ${cur})`);
  check(await inView("#" + cur), `${cur} is scrolled into view`);
}
await page.click("#next-finding"); // Wraps around.
check(await page.$eval(".finding.current", (e) => e.id) === order[0], "next wraps to the first");
await page.click("#prev-finding");
check(await page.$eval(".finding.current", (e) => e.id) === order[order.length - 1],
      "previous from the first goes to the last");
await page.keyboard.press("n");
check(await page.$eval(".finding.current", (e) => e.id) === order[0], "key n goes to the next");

// Kernel links and finding links go where they say.
for (const k of await page.$$eval("#kernel-list a", (as) => as.map((a) => a.getAttribute("href")))) {
  await page.click(`#kernel-list a[href="${k}"]`);
  check(await page.evaluate(() => location.hash) === k && await inView(k), `kernel link ${k}`);
}
const fl = await page.$$eval(".kernel-findings a", (as) => as.map((a) => a.getAttribute("href")));
check(fl.length === diags.filter((d) => kernels.some((k) => k.name === d.kernel)).length,
      "every finding of a kernel is listed on its card");
await page.click(`.kernel-findings a[href="${fl[fl.length - 1]}"]`);
check(await inView(fl[fl.length - 1]), "a kernel's finding link shows the finding");

// Sorting: by predicted time as it opens; by waste, high first; again, low
// first; by name.
const column = async (name) => page.$$eval("#overview-table th", (ths, name) =>
  ths.findIndex((t) => t.textContent === name), name);
const values = async (c) => page.$$eval("#overview-table tbody tr",
  (rs, c) => rs.map((r) => r.cells[c].dataset.value), c);
const waste = await column("Waste");
const time = await column("Time");
const saves = await column("Saves");
const sortedBy = (v, cmp) => v.every((x, i) => i === 0 || cmp(v[i - 1], x) <= 0);
check(sortedBy((await values(saves)).map(Number), (a, b) => b - a),
      "opens sorted by what a fix saves, most first (the cards' order)");
check((await values(time)).some((v) => Number(v) > 0), "some kernel has a predicted time");
await page.click(`#overview-table th:nth-child(${waste + 1})`);
check(sortedBy((await values(waste)).map(Number), (a, b) => b - a), "sorted by waste, highest first");
check((await values(waste)).some((v) => Number(v) > 0), "some kernel wastes traffic");
await page.click(`#overview-table th:nth-child(${waste + 1})`);
check(sortedBy((await values(waste)).map(Number), (a, b) => a - b), "sorted by waste, lowest first");
const name = await column("Kernel");
await page.click(`#overview-table th:nth-child(${name + 1})`);
check(sortedBy(await values(name), (a, b) => a.localeCompare(b)), "sorted by kernel name");

// The rule filter shows exactly the findings of one rule.
const rules = [...new Set(diags.map((d) => d.rule))];
for (const r of rules) {
  await page.selectOption("#rule-filter", r);
  const visible = await page.$$eval(".finding", (fs) =>
    fs.filter((f) => f.offsetParent !== null).map((f) => f.dataset.rule));
  check(visible.length === diags.filter((d) => d.rule === r).length && visible.every((v) => v === r),
        `filter ${r}: ${visible.length} findings shown`);
  await page.click("#next-finding");
  check(await page.$eval(".finding.current", (e) => e.dataset.rule) === r,
        `next finding under filter ${r} stays in the rule`);
}
await page.selectOption("#rule-filter", "");
const all = await page.$$eval(".finding", (fs) => fs.filter((f) => f.offsetParent !== null).length);
check(all === diags.length, "clearing the filter shows every finding");

// Screenshot: a finding with its line.
const conflict = diags.findIndex((d) => d.rule === "shared-bank-conflict");
if (conflict >= 0) {
  await page.$eval("#finding-" + conflict, (e) => e.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: path.join(out, "report-finding.png") });
}

// --confirm: the device model's figures beside the predictions, on the
// accesses it ran and under the findings it confirmed.
const few = samples.filter((f) => /0[24]_/.test(path.basename(f)));
const confirmed = path.join(out, "report-confirm.html");
warplintJson(["report", "--no-cuda-sdk", "--confirm", ...few, "-o", confirmed]);
const cdiags = JSON.parse(warplintJson(["check", "--no-cuda-sdk", "--confirm", "--format=json",
                                         ...few]).stdout).diagnostics;
await page.goto(pathToFileURL(confirmed).href);
await page.waitForSelector("body[data-ready=true]", { timeout: 20000 });
const measured = await page.$$eval(".acc .measured", (ms) => ms.map((m) => m.textContent));
const figure = /^measured [\d,]+ req, [\d.,]+ (sectors|wavefronts|addresses)\/req$/;
check(measured.length > 0 && measured.every((m) => figure.test(m)),
      `--confirm: measured figures beside the accesses (${measured.length})`);
const confirmations = await page.$$eval(".finding .confirmed", (cs) => cs.map((c) => c.textContent));
check(confirmations.length === cdiags.filter((d) => d.confirmed).length && confirmations.length > 0,
      `--confirm: every confirmed finding shows the device model's figure (${confirmations.length})`);
check((await page.$eval("#summary", (s) => s.textContent)).includes("confirmed on the device model"),
      "--confirm: the summary says so");
await browser.close();

for (const p of problems) check(false, p);
console.log(`${kernels.length} kernels, ${want.length} access figures, ${diags.length} findings, ` +
            `${rules.length} rules checked; screenshots in ${out}`);
if (failures) {
  console.log(failures + " failures");
  process.exit(1);
}
console.log("PASS");
