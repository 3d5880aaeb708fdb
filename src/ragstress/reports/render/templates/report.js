// Drill-down and language toggle. Offline, no libraries. Corpus and model text reaches
// the page only through textContent: data is never parsed as HTML.
(function () {
  "use strict";
  var root = document.documentElement;
  var toggle = document.getElementById("lang-toggle");
  if (toggle) {
    toggle.addEventListener("click", function () {
      var next = root.getAttribute("data-ui") === "zh" ? "en" : "zh";
      root.setAttribute("data-ui", next);
      root.setAttribute("lang", next === "zh" ? "zh-CN" : "en");
    });
  }
  var dataNode = document.getElementById("report-data");
  var data = dataNode ? JSON.parse(dataNode.textContent || "{}") : {};
  var list = document.getElementById("case-list");
  if (!list || !data.cases) { return; }
  var labels = data.labels || {};

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    return node;
  }
  function bi(key) {
    var pair = labels[key] || [key, key];
    var span = el("span");
    var en = el("span", "en", pair[0]); en.setAttribute("lang", "en");
    var zh = el("span", "zh", pair[1]); zh.setAttribute("lang", "zh");
    span.appendChild(en); span.appendChild(zh);
    return span;
  }
  function heading(key) { var h = el("h4"); h.appendChild(bi(key)); return h; }
  function block(text, className) { return el("div", className || "text-block", text); }
  function answerBlock(answer) {
    var wrap = el("div");
    if (!answer) { wrap.appendChild(block("—")); return wrap; }
    wrap.appendChild(block(answer.answer || "(empty)"));
    if (answer.error) { wrap.appendChild(el("div", "error-text", "error: " + answer.error)); }
    return wrap;
  }
  function fmt(value) { return value === null || value === undefined ? "—" : Number(value).toFixed(3); }

  function renderBody(c, details) {
    var body = el("div", "case-body");
    body.appendChild(heading("question"));
    body.appendChild(block(c.question));
    body.appendChild(heading("expected"));
    body.appendChild(block(c.answers.map(function (a) { return a.join(" / "); }).join(" ; ") || "—"));
    if (c.fake_answer) { body.appendChild(heading("fake_answer")); body.appendChild(block(c.fake_answer.join(" / "))); }
    body.appendChild(heading("passages"));
    c.passages.forEach(function (p, i) {
      var row = el("div", "passage");
      row.appendChild(el("span", "tag tag-" + (/^[a-z]+$/.test(p.role) ? p.role : "other"), p.role));
      row.appendChild(document.createTextNode("[" + (i + 1) + "] " + p.text));
      body.appendChild(row);
    });
    body.appendChild(heading("response"));
    body.appendChild(answerBlock(c.response));
    if (c.closed_book) { body.appendChild(heading("closed_book")); body.appendChild(answerBlock(c.closed_book)); }
    body.appendChild(heading("scores"));
    var table = el("table");
    var head = el("tr");
    ["metric", "value", "label", "explanation", "error"].forEach(function (k) { head.appendChild(el("th", null, k)); });
    table.appendChild(head);
    c.scores.forEach(function (s) {
      var tr = el("tr");
      tr.appendChild(el("td", null, s.metric));
      tr.appendChild(el("td", "num", s.value === null ? "unscored" : fmt(s.value)));
      tr.appendChild(el("td", null, s.label));
      tr.appendChild(el("td", null, s.explanation));
      tr.appendChild(el("td", "error-text", s.error || ""));
      table.appendChild(tr);
    });
    body.appendChild(table);
    details.appendChild(body);
  }

  var items = data.cases.map(function (c) {
    var details = el("details", "case");
    details.setAttribute("data-outcome", c.outcome);
    details.setAttribute("data-testbed", c.testbed);
    details.setAttribute("data-lang", c.lang);
    details.setAttribute("data-case-id", c.id);
    var summary = el("summary");
    summary.appendChild(el("span", "outcome", c.outcome.toUpperCase() + " "));
    summary.appendChild(el("code", null, c.id));
    var ratio = c.noise_ratio === null ? "" : " · noise " + c.noise_ratio;
    summary.appendChild(el("span", "muted", " · " + c.testbed + " · " + c.lang + ratio + " · "));
    summary.appendChild(el("span", null, c.question.length > 90 ? c.question.slice(0, 90) + "…" : c.question));
    details.appendChild(summary);
    // Bodies are built on first open, so a run with thousands of cases stays light.
    details.addEventListener("toggle", function () {
      if (details.open && !details.getAttribute("data-rendered")) {
        details.setAttribute("data-rendered", "1");
        renderBody(c, details);
      }
    });
    list.appendChild(details);
    return { node: details, c: c };
  });

  var failures = document.getElementById("filter-failures");
  var errors = document.getElementById("filter-errors");
  var testbed = document.getElementById("filter-testbed");
  var lang = document.getElementById("filter-lang");
  var shown = document.getElementById("shown-count");
  function apply() {
    var count = 0;
    items.forEach(function (item) {
      var c = item.c, visible = true;
      if (failures.checked && c.outcome !== "fail" && c.outcome !== "error") { visible = false; }
      if (errors.checked && c.outcome !== "error") { visible = false; }
      if (testbed.value && c.testbed !== testbed.value) { visible = false; }
      if (lang.value && c.lang !== lang.value) { visible = false; }
      item.node.hidden = !visible;
      if (visible) { count += 1; }
    });
    shown.textContent = String(count);
  }
  [failures, errors, testbed, lang].forEach(function (control) { control.addEventListener("change", apply); });
  apply();
})();
