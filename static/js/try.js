// Try-a-grid: tap a slot, then a rank. Only edits the grid field of #try-form;
// htmx (or a plain submit when htmx is missing) asks the server for the score.
// Also keeps the form true to the page: after Back or Forward its fields follow the
// address, and each choice points at its error spot once htmx has filled it (the
// card-values page loads this file for that alone).
(function () {
  "use strict";
  var selected = null; // {row, column}
  var lastRank = null;
  var suit = ""; // suit letter added to the next ranks tapped ("" for none)

  function editor() { return document.querySelector("[data-editor]"); }
  function input() { return document.getElementById("id_grid"); }

  // The typed cards, row by row, as slots: at least the layout's rows and columns
  // ("?" where nothing was typed), and never fewer cards than were typed. A row keeps
  // any cards beyond the layout's columns and extra rows stay (the server reports
  // them); cards typed without a slash are read as rows of the layout's width.
  function readCells(rows, columns) {
    var text = (input().value || "").trim();
    var lines = text ? text.split(/\s*(?:\/|\n)\s*/) : [];
    lines = lines.map(function (line) { return line.split(/[\s,]+/).filter(Boolean); });
    if (lines.length === 1 && lines[0].length > columns) {
      var flat = lines[0];
      lines = [];
      for (var i = 0; i < flat.length; i += columns) { lines.push(flat.slice(i, i + columns)); }
    }
    var cells = [];
    for (var r = 0; r < Math.max(rows, lines.length); r++) {
      var row = (lines[r] || []).slice();
      while (row.length < columns) { row.push("?"); }
      cells.push(row);
    }
    return cells;
  }

  function setCell(row, column, token) {
    var ed = editor();
    var rows = +ed.dataset.rows, columns = +ed.dataset.columns;
    var cells = readCells(rows, columns);
    cells[row - 1][column - 1] = token;
    input().value = cells.map(function (r) { return r.join(" "); }).join(" / ");
    var form = document.getElementById("try-form");
    if (window.htmx) {
      input().dispatchEvent(new Event("change", { bubbles: true }));
    } else {
      form.submit();
    }
  }

  function advance() {
    var ed = editor();
    var rows = +ed.dataset.rows, columns = +ed.dataset.columns;
    var index = (selected.row - 1) * columns + selected.column; // next slot, 0-based
    if (index >= rows * columns) { index = 0; }
    selected = { row: Math.floor(index / columns) + 1, column: (index % columns) + 1 };
  }

  function status(text) {
    var el = document.querySelector("[data-status]");
    if (el) { el.textContent = text; }
  }

  function mark() {
    document.querySelectorAll(".slot").forEach(function (slot) {
      var on = !!selected && +slot.dataset.row === selected.row && +slot.dataset.column === selected.column;
      slot.setAttribute("aria-pressed", on ? "true" : "false");
    });
    if (selected) {
      status("Row " + selected.row + ", card " + selected.column + " selected: now tap a rank.");
    }
  }

  function markSuits() {
    document.querySelectorAll(".suit-key").forEach(function (el) {
      el.setAttribute("aria-pressed", el.dataset.suit === suit ? "true" : "false");
    });
  }

  function enhance() {
    if (!editor()) { return; }
    document.querySelectorAll("[data-keys], .js-only").forEach(function (el) { el.hidden = false; });
    document.querySelectorAll(".no-js-only").forEach(function (el) { el.hidden = true; });
    document.querySelectorAll(".slot").forEach(function (slot) { slot.disabled = false; });
    if (selected) {
      var ed = editor();
      if (selected.row > +ed.dataset.rows || selected.column > +ed.dataset.columns) { selected = null; }
    }
    mark();
    markSuits();
    if (lastRank) {
      var key = document.querySelector('.key[data-rank="' + lastRank + '"]');
      if (key) { key.focus(); }
      lastRank = null;
    }
  }

  document.addEventListener("click", function (event) {
    var slot = event.target.closest(".slot");
    if (slot) {
      selected = { row: +slot.dataset.row, column: +slot.dataset.column };
      mark();
      return;
    }
    var suitKey = event.target.closest(".suit-key");
    if (suitKey) {
      suit = suitKey.dataset.suit;
      markSuits();
      return;
    }
    var key = event.target.closest(".key");
    if (key) {
      if (!selected) { status("Tap a slot of the grid first, then a rank."); return; }
      var at = selected;
      lastRank = key.dataset.rank;
      advance();
      var rank = key.dataset.rank;
      var token = rank === "?" || rank === "JK" ? rank : rank + suit;
      setCell(at.row, at.column, token);
    }
  });
  // After the Back or Forward button htmx puts back its copy of the page, with the
  // fields as they were when the page was first loaded: set them from the address,
  // which holds the whole grid and rules the restored result was scored under.
  function followAddress() {
    var form = document.getElementById("try-form");
    if (!form || !input()) { return; }
    var params = new URLSearchParams(window.location.search);
    input().value = params.get("grid") || "";
    // A choice left out of the address is the one the server reads it as: the
    // field's data-default (rules/forms.py).
    form.querySelectorAll("select[data-default]").forEach(function (field) {
      field.value = params.get(field.name) || field.dataset.default;
    });
    var ticked = [];
    params.getAll("house_rules").forEach(function (value) {
      ticked = ticked.concat(value.split(",").filter(Boolean));
    });
    form.querySelectorAll('input[name="house_rules"]').forEach(function (box) {
      box.checked = ticked.indexOf(box.value) !== -1;
    });
    selected = null;
  }

  // The server sends each field's error spot with the result (swapped out of band):
  // point the field at its error, or stop pointing once it is gone.
  function describeErrors() {
    var form = document.getElementById("try-form") || document.querySelector(".rules-form");
    if (!form) { return; }
    var open = false;
    form.querySelectorAll("[data-error-for]").forEach(function (spot) {
      var shown = !spot.hidden && spot.textContent.trim() !== "";
      var field = document.getElementById(spot.dataset.errorFor);
      if (shown && spot.closest(".rules-choice")) { open = true; }
      if (!field) { return; }
      var ids = (field.getAttribute("aria-describedby") || "").split(/\s+/).filter(function (id) {
        return id && id !== spot.id;
      });
      if (shown) { ids.push(spot.id); }
      if (ids.length) { field.setAttribute("aria-describedby", ids.join(" ")); } else { field.removeAttribute("aria-describedby"); }
      if (shown) { field.setAttribute("aria-invalid", "true"); } else { field.removeAttribute("aria-invalid"); }
    });
    var choice = form.querySelector(".rules-choice");
    if (choice && open) { choice.open = true; }
  }

  document.addEventListener("DOMContentLoaded", enhance);
  document.addEventListener("htmx:afterSettle", function () { describeErrors(); enhance(); });
  document.addEventListener("htmx:historyRestore", function () { followAddress(); describeErrors(); enhance(); });
})();
