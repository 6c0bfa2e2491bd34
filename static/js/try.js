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
  var written = null; // {row, column} of the card a rank key wrote last
  var refocus = null; // a selector for what takes the focus once the answer is in
  var enhanced = false; // the slots and keypad are the script's to work

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
    wrote = { row: row, column: column };
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

  // -- What a screen reader hears --
  // The result is drawn afresh with each answer, and a live region put in afresh
  // is not read out: what changed is said in one under it that stays. The same
  // words twice are still said, as the region is emptied first.
  var sayTimer = null;
  var asking = false; // an answer is on its way
  var wrote = null; // {row, column} of the card written last, to name it with the score
  function say(text) {
    var region = document.querySelector("[data-said]");
    if (!region) { return; }
    region.textContent = "";
    clearTimeout(sayTimer);
    sayTimer = setTimeout(function () { region.textContent = text; }, 60);
  }
  // The card just written (as its slot is labelled) and what the grid scores now;
  // nothing while another answer is coming, for keys typed fast.
  function sayResult() {
    var result = document.getElementById("try-result");
    if (asking || !result || !result.dataset.say) { return; }
    var written = wrote ? slotAt(wrote) : null;
    wrote = null;
    say((written ? written.getAttribute("aria-label") + ". " : "") + result.dataset.say);
  }

  function mark() {
    document.querySelectorAll(".slot").forEach(function (slot) {
      var on = !!selected && +slot.dataset.row === selected.row && +slot.dataset.column === selected.column;
      slot.setAttribute("aria-pressed", on ? "true" : "false");
    });
    // After Back or Forward the page htmx puts back says what was chosen then.
    status(selected ? "Row " + selected.row + ", card " + selected.column + " selected: now tap a rank."
      : "No slot chosen yet.");
  }

  function markSuits() {
    document.querySelectorAll(".suit-key").forEach(function (el) {
      el.setAttribute("aria-pressed", el.dataset.suit === suit ? "true" : "false");
    });
  }

  function enhance() {
    if (!editor()) { return; }
    enhanced = true;
    document.querySelectorAll("[data-keys], .js-only").forEach(function (el) { el.hidden = false; });
    document.querySelectorAll(".no-js-only").forEach(function (el) { el.hidden = true; });
    document.querySelectorAll(".slot").forEach(function (slot) { slot.disabled = false; });
    if (selected) {
      var ed = editor();
      if (selected.row > +ed.dataset.rows || selected.column > +ed.dataset.columns) { selected = null; }
    }
    mark();
    markSuits();
    // The focus was on the grid or keypad just drawn afresh: put it back on its
    // like, unless it has gone somewhere else meanwhile.
    var place = refocus || (lastRank !== null ? '.key[data-rank="' + lastRank + '"]' : null);
    var lost = !document.activeElement || document.activeElement === document.body;
    var el = place ? document.querySelector(place) : null;
    if (el && lost) { el.focus(); }
    if (!lost || (el && document.activeElement === el)) { refocus = null; }
    lastRank = null;
  }

  // What has the focus in the part about to be drawn afresh (the slot a key was
  // typed on has passed it to the slot chosen next).
  document.addEventListener("htmx:beforeSwap", function (event) {
    var result = document.getElementById("try-result");
    if (!result || event.detail.target !== result) { return; }
    var el = document.activeElement;
    if (el && result.contains(el)) {
      refocus = selectorOf(el);
    } else if (el && el !== document.body) {
      refocus = null;
    }
  });

  document.addEventListener("click", function (event) {
    var slot = event.target.closest(".slot");
    if (slot) {
      selected = { row: +slot.dataset.row, column: +slot.dataset.column };
      written = null;
      mark();
      say(document.querySelector("[data-status]").textContent);
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
      if (!selected) {
        status("Tap a slot of the grid first, then a rank.");
        say("Tap a slot of the grid first, then a rank.");
        return;
      }
      var at = selected;
      lastRank = key.dataset.rank;
      var rank = key.dataset.rank;
      // Clear empties the slot and leaves it chosen, for its right card to come.
      if (rank !== "?") { advance(); }
      written = rank === "?" ? null : at;
      var token = rank === "?" || rank === "JK" ? rank : rank + suit;
      setCell(at.row, at.column, token);
    }
  });

  // -- The keypad's keys on a keyboard --
  // A key typed on a slot of the grid presses the keypad's key for it: a rank
  // writes that card and the next slot is chosen, the focus with it; Backspace or
  // Delete presses Clear. The ranks are the keypad's own: one of a single
  // character is typed as it is written, the others as the engine also reads
  // them (data-also: "T" for a 10, "*" for a joker). A 10 is "0" too, so "1" then
  // "0" works (a "1" does nothing), except in a deck with a 0 of its own.
  // A suit letter gives the card just written that suit, as it follows the rank
  // in notation ("Q" then "H" is the queen of hearts); the suit keys on the page
  // are for the cards still to come, so a letter does not press them.
  function typedKeys(keys) {
    var byName = {};
    var ranks = keys.querySelectorAll(".keys__ranks .key[data-rank]");
    ranks.forEach(function (key) {
      if (key.dataset.rank.length === 1) { byName[key.dataset.rank.toUpperCase()] = key; }
    });
    ranks.forEach(function (key) {
      var also = (key.dataset.also || "").split(" ").filter(Boolean);
      if (key.dataset.rank === "10") { also.push("0"); }
      also.forEach(function (name) {
        if (!(name in byName)) { byName[name] = key; }
      });
    });
    var clear = keys.querySelector(".key--clear");
    if (clear) { byName.Backspace = byName.Delete = clear; }
    return byName;
  }

  function suitLetters(keys) {
    var letters = {};
    keys.querySelectorAll(".suit-key[data-suit]").forEach(function (key) {
      if (key.dataset.suit) { letters[key.dataset.suit] = true; }
    });
    return letters;
  }

  // The card written last (or, when none was, the chosen slot's) takes the suit
  // ``letter``: only a card of a rank the keypad has, and not a joker. True when
  // the grid changed.
  function giveSuit(letter, keys) {
    var at = written || selected;
    var ed = editor();
    if (!at || !ed) { return false; }
    var cells = readCells(+ed.dataset.rows, +ed.dataset.columns);
    var token = ((cells[at.row - 1] || [])[at.column - 1] || "").toUpperCase();
    var rank = token;
    if (suitLetters(keys)[token.slice(-1)]) { rank = token.slice(0, -1); }
    var known = false;
    keys.querySelectorAll(".keys__ranks .key[data-rank]").forEach(function (key) {
      if (key.dataset.rank === rank) { known = true; }
    });
    if (!known || rank === "?" || rank === "JK" || token === rank + letter) { return false; }
    setCell(at.row, at.column, rank + letter);
    return true;
  }

  function slotAt(place) {
    var ed = editor();
    return place && ed ? ed.querySelector('.slot[data-row="' + place.row + '"][data-column="' + place.column + '"]') : null;
  }

  function isSelected(slot) {
    return !!selected && +slot.dataset.row === selected.row && +slot.dataset.column === selected.column;
  }

  // A selector for a slot or a key of the keypad, to find its like once the grid
  // is drawn afresh.
  function selectorOf(el) {
    if (!el || !el.dataset) { return null; }
    if (el.matches(".slot")) { return '.slot[data-row="' + el.dataset.row + '"][data-column="' + el.dataset.column + '"]'; }
    if (el.dataset.rank !== undefined) { return '.key[data-rank="' + el.dataset.rank + '"]'; }
    if (el.dataset.suit !== undefined) { return '.suit-key[data-suit="' + el.dataset.suit + '"]'; }
    return null;
  }

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.isComposing) { return; }
    if (event.ctrlKey || event.metaKey || event.altKey) { return; } // the browser's own
    // The keys are there before the script shows them: an answer just drawn is
    // shown a moment later (htmx's settle), and keys typed meanwhile count too.
    var ed = editor(), keys = document.querySelector("[data-keys]");
    if (!ed || !keys || !enhanced) { return; }
    var target = event.target;
    var slot = target.closest ? target.closest(".slot") : null;
    if (slot && !ed.contains(slot)) { slot = null; }
    var lost = target === document.body || target === document.documentElement;
    // With the focus on the keypad, or on nothing (the slot typed on was just
    // drawn afresh, or a browser does not focus a button clicked), keys go to the
    // slot chosen, if any.
    if (!slot && !(selected && (keys.contains(target) || lost))) { return; }
    var name = event.key.length === 1 ? event.key.toUpperCase() : event.key;
    if (name.indexOf("Arrow") === 0) {
      var from = slot || (lost ? slotAt(selected) : null);
      if (from) { moveFrom(from, name, event); }
      return;
    }
    var key = typedKeys(keys)[name];
    var isSuit = !key && !!suitLetters(keys)[name];
    if (!key && !isSuit) { return; }
    event.preventDefault();
    if (slot && !isSelected(slot)) {
      // A slot reached with Tab: chosen now, and a suit letter is for its card.
      selected = { row: +slot.dataset.row, column: +slot.dataset.column };
      written = null;
      mark();
    }
    var sent = true;
    if (key) { key.click(); } else { sent = giveSuit(name, keys); }
    if (!sent) { return; }
    // The answer draws the grid and keypad afresh: the focus then goes back to
    // the chosen slot, or to the keypad's key it was on.
    var next = slotAt(selected);
    refocus = slot || lost ? selectorOf(next) : selectorOf(target.closest(".key"));
    if ((slot || lost) && next) { next.focus({ preventScroll: true }); }
  });

  // The arrow keys go from slot to slot: left and right in reading order, up and
  // down a row. The choice goes along when a slot is chosen (and a suit letter is
  // then for the card of the slot reached).
  function moveFrom(slot, name, event) {
    var row = +slot.dataset.row, column = +slot.dataset.column;
    var to = null;
    if (name === "ArrowUp" || name === "ArrowDown") {
      to = slotAt({ row: row + (name === "ArrowUp" ? -1 : 1), column: column });
    } else if (name === "ArrowLeft" || name === "ArrowRight") {
      var slots = Array.prototype.slice.call(editor().querySelectorAll(".slot"));
      to = slots[slots.indexOf(slot) + (name === "ArrowLeft" ? -1 : 1)] || null;
    }
    if (!to) { return; }
    event.preventDefault();
    if (selected) {
      selected = { row: +to.dataset.row, column: +to.dataset.column };
      written = null;
      mark();
    }
    to.focus();
    // A slot still being drawn afresh takes the focus once it is shown.
    if (document.activeElement !== to) { refocus = selectorOf(to); }
  }
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
    written = null;
    refocus = null;
    lastRank = null;
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

  function isTryForm(event) { return !!event.detail.elt && event.detail.elt.id === "try-form"; }
  document.addEventListener("htmx:beforeRequest", function (event) { if (isTryForm(event)) { asking = true; } });
  document.addEventListener("htmx:afterRequest", function (event) { if (isTryForm(event)) { asking = false; } });

  document.addEventListener("DOMContentLoaded", enhance);
  document.addEventListener("htmx:afterSettle", function (event) {
    describeErrors();
    enhance();
    if (event.target.id === "try-result") { sayResult(); }
  });
  // The copy htmx keeps for Back holds no old words to be read out of place; once
  // it is back, what the grid scores there is said.
  document.addEventListener("htmx:beforeHistorySave", function () {
    var region = document.querySelector("[data-said]");
    if (region) { region.textContent = ""; }
  });
  document.addEventListener("htmx:historyRestore", function () {
    followAddress();
    describeErrors();
    enhance();
    wrote = null;
    asking = false;
    sayResult();
  });
})();
