/* Scoresheet enhancements. The pages work without this file:
   - a tap-a-slot-then-a-rank keypad that writes each grid's notation field;
   - keeping the screen awake while a match page is open (Wake Lock).
   Saving a hole through htmx swaps the page's <main> (the scoreboard) or its whole
   body (the form again, with its problems), so the page is set up again after
   each swap. */
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  // -- Keep the screen awake ------------------------------------------------------------
  var lock = null;
  function keepAwake() {
    if (!("wakeLock" in navigator) || !document.querySelector("[data-wake-lock]")) return;
    if (document.visibilityState !== "visible") return;
    if (lock !== null && !lock.released) return;  // already held
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
    }).catch(function () { /* refused (battery saver, no permission): nothing to do */ });
  }
  document.addEventListener("visibilitychange", keepAwake);
  keepAwake();

  // After a live check, mark the cards each problem is about.
  function markProblems() {
    document.querySelectorAll(".entry").forEach(function (entry) {
      var result = entry.querySelector(".result");
      var bad = result ? (result.dataset.bad || "").split(" ") : [];
      entry.querySelectorAll(".slot").forEach(function (slot) {
        var place = slot.dataset.row + "-" + slot.dataset.column;
        slot.classList.toggle("slot--bad", bad.indexOf(place) >= 0);
      });
    });
  }
  document.body.addEventListener("htmx:oobAfterSwap", markProblems);
  document.body.addEventListener("htmx:afterSettle", markProblems);
  // A whole page put in by htmx (a save's answer, or Back or Forward to a page htmx
  // kept): set it up as a page load would.
  function setUpPage() {
    setUpKeypad();
    markProblems();
    keepAwake();
  }
  document.body.addEventListener("htmx:historyRestore", setUpPage);
  document.body.addEventListener("htmx:afterSwap", function (event) {
    var main = document.getElementById("main");
    if (event.detail.target !== document.body && event.detail.target !== main) return;
    setUpPage();
    if (event.detail.target === main) {
      // The scoreboard after a save: start at its top, where a screen reader
      // starts reading too (the save button that had the focus is gone).
      main.focus({ preventScroll: true });
      window.scrollTo(0, 0);
      return;
    }
    // A refused save: take the player to the first problem, as a page load would
    // show the problems panel; otherwise start at the top of the new page.
    var field = document.querySelector('[aria-invalid="true"]');
    var panel = document.querySelector(".table-problems .panel--error");
    if (panel) {
      panel.scrollIntoView();
    } else if (field) {
      // Focus the grid's first card slot rather than its text field, so a phone
      // keeps the keypad instead of opening its keyboard.
      var entry = field.closest(".entry");
      var target = (entry && (entry.querySelector(".slot--bad") || entry.querySelector(".slot"))) || field;
      target.scrollIntoView({ block: "center" });
      target.focus({ preventScroll: true });
    } else {
      window.scrollTo(0, 0);
    }
  });
  setUpKeypad();

  // -- A save that did not get through ---------------------------------------------------
  // htmx swaps nothing when the request fails or the answer is an error, so say so
  // beside the save button (a place the live check does not redraw); everything
  // typed stays as it is.
  function saveProblem(text) {
    var place = document.getElementById("save-problem");
    if (!place) return;
    place.innerHTML = "";
    var panel = document.createElement("div");
    panel.className = "panel panel--error";
    panel.setAttribute("role", "alert");
    var line = document.createElement("p");
    line.textContent = text;
    panel.appendChild(line);
    place.appendChild(panel);
    panel.scrollIntoView();
  }
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var place = document.getElementById("save-problem");
    if (place && event.detail.elt.hasAttribute("data-save")) place.innerHTML = "";
  });
  document.body.addEventListener("htmx:sendError", function (event) {
    if (!event.detail.elt.hasAttribute("data-save")) return;
    saveProblem("The site could not be reached, so nothing was saved. Everything you " +
      "typed is still here: save again when you have a signal.");
  });
  document.body.addEventListener("htmx:responseError", function (event) {
    if (!event.detail.elt.hasAttribute("data-save")) return;
    saveProblem("The site could not save this just now (error " + event.detail.xhr.status +
      "). Everything you typed is still here: try again in a moment.");
  });

  // -- Keypad -----------------------------------------------------------------------------
  function setUpKeypad() {
    var keypad = document.getElementById("keypad");
    if (!keypad) return;
    var hint = document.getElementById("keypad-hint");
    var groups = Array.prototype.slice.call(document.querySelectorAll(".slots"));
    if (!groups.length) return;
    keypad.hidden = false;
    var active = null;
    var lastFilled = null;

    function inputFor(group) { return document.getElementById(group.dataset.for); }
    function slotsOf(group) { return Array.prototype.slice.call(group.querySelectorAll(".slot")); }
    function groupOf(slot) { return slot.closest(".slots"); }
    function columnsOf(group) {
      var m = group.className.match(/slots--cols-(\d)/);
      return m ? parseInt(m[1], 10) : 3;
    }

    function show(slot, text) {
      slot.textContent = text || "\u00b7";
      slot.classList.toggle("is-filled", !!text);
      slot.dataset.card = text || "";
      slot.setAttribute("aria-label", "Row " + slot.dataset.row + ", card " + slot.dataset.column +
        ": " + (text || "empty"));
    }

    function writeNotation(group) {
      var slots = slotsOf(group), cols = columnsOf(group), rows = [], any = false;
      for (var i = 0; i < slots.length; i += cols) {
        rows.push(slots.slice(i, i + cols).map(function (s) {
          if (s.dataset.card) any = true;
          return s.dataset.card || "?";
        }).join(" "));
      }
      var input = inputFor(group);
      input.value = any ? rows.join(" / ") : "";
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }

    function readNotation(group) {
      var text = inputFor(group).value.trim();
      var rows = text ? text.split(/\s*(?:\/|\n)\s*/) : [];
      var cols = columnsOf(group);
      slotsOf(group).forEach(function (slot, i) {
        var r = Math.floor(i / cols), c = i % cols;
        var tokens = rows[r] ? rows[r].split(/[\s,]+/).filter(Boolean) : [];
        var card = tokens[c] || "";
        show(slot, card === "?" ? "" : card.toUpperCase());
      });
    }

    function activate(slot) {
      if (active) {
        active.classList.remove("is-active");
        active.removeAttribute("aria-pressed");
      }
      active = slot;
      if (slot) {
        slot.classList.add("is-active");
        slot.setAttribute("aria-pressed", "true");
        var name = slot.closest(".entry").querySelector("h2").firstChild.textContent.trim();
        hint.textContent = name + ": row " + slot.dataset.row + ", card " + slot.dataset.column +
          ". Tap a rank.";
      } else {
        hint.textContent = "Tap a slot, then a rank.";
      }
    }

    function nextSlot(slot) {
      var all = [];
      groups.forEach(function (g) { all = all.concat(slotsOf(g)); });
      var i = all.indexOf(slot);
      return i >= 0 && i + 1 < all.length ? all[i + 1] : null;
    }

    groups.forEach(function (group) {
      readNotation(group);
      inputFor(group).addEventListener("input", function (event) {
        if (event.isTrusted) readNotation(group);
      });
      group.addEventListener("click", function (event) {
        var slot = event.target.closest(".slot");
        if (slot) activate(slot);
      });
    });

    keypad.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button) return;
      if (button.dataset.rank !== undefined) {
        if (!active) { activate(slotsOf(groups[0])[0]); }
        show(active, button.dataset.rank);
        writeNotation(groupOf(active));
        lastFilled = active;
        activate(nextSlot(active));
      } else if (button.dataset.suit !== undefined) {
        var target = lastFilled || active;
        if (!target || !target.dataset.card || target.dataset.card === "JK") return;
        show(target, target.dataset.card.replace(/[SHDC]$/, "") + button.dataset.suit);
        writeNotation(groupOf(target));
      } else if (button.hasAttribute("data-clear")) {
        var slot = active || lastFilled;
        if (!slot) return;
        show(slot, "");
        writeNotation(groupOf(slot));
        lastFilled = null;
        activate(slot);
      }
    });
  }
})();
