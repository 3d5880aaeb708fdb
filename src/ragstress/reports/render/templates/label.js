"use strict";
// Labelling page: shows each (case, metric) row, records 1 / 0 / blank, and saves the CSV
// that `ragstress calibrate` reads. No network: the file is built in the page and downloaded.
(function () {
  const data = JSON.parse(document.getElementById("label-data").textContent);
  const list = document.getElementById("rows");
  const status = document.getElementById("status");
  const chosen = data.rows.map(() => "");

  function el(tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (cls) node.className = cls;
    return node;
  }

  function count() {
    const done = chosen.filter((v) => v !== "").length;
    status.textContent = done + " / " + chosen.length;
  }

  data.rows.forEach((row, i) => {
    const box = el("fieldset", undefined, "row");
    box.dataset.index = String(i);
    box.appendChild(el("legend", "#" + (i + 1) + " · " + row.metric + " · " + row.testbed + " · " + row.lang));
    box.appendChild(el("p", row.asks, "asks"));
    box.appendChild(el("p", row.question, "question"));
    const passages = el("details");
    passages.appendChild(el("summary", data.labels.passages + " (" + row.passages.length + ")"));
    row.passages.forEach((text) => passages.appendChild(el("p", text, "passage")));
    box.appendChild(passages);
    box.appendChild(el("pre", row.response, "response"));
    [["1", data.labels.yes], ["0", data.labels.no], ["", data.labels.skip]].forEach(([value, text]) => {
      const label = el("label");
      const input = document.createElement("input");
      input.type = "radio";
      input.name = "row-" + i;
      input.value = value;
      input.checked = value === "";
      input.addEventListener("change", () => { chosen[i] = value; count(); });
      label.appendChild(input);
      label.appendChild(document.createTextNode(" " + text));
      box.appendChild(label);
    });
    list.appendChild(box);
  });
  count();

  // The same rule as ragstress.core.csvcells: a cell a spreadsheet would run as a formula gets an apostrophe.
  function csvCell(text) {
    let value = String(text);
    if (/^[=+\-@\t\r]/.test(value)) value = "'" + value;
    return /[",\n\r]/.test(value) ? '"' + value.replace(/"/g, '""') + '"' : value;
  }

  document.getElementById("save").addEventListener("click", () => {
    const lines = [data.columns.join(",")];
    data.rows.forEach((row, i) => {
      const cells = [row.case_id, row.metric, chosen[i], row.testbed, row.lang, row.question, row.response, row.asks];
      lines.push(cells.map(csvCell).join(","));
    });
    const blob = new Blob(["\ufeff" + lines.join("\n") + "\n"], { type: "text/csv;charset=utf-8" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = data.filename;
    document.body.appendChild(link);
    link.click();
    link.remove();
  });
})();
