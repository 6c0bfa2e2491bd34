/* Scoresheet enhancements. The pages work without this file:
   - a tap-a-slot-then-a-rank keypad that writes each grid's notation field;
   - keeping the screen awake while a match page is open (Wake Lock);
   - opening a wide score card on its latest holes;
   - on the new-match form, the first dealer's list naming the players as they are typed,
     and the folded rules' summary line saying when a rule was changed.
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

  // -- What was typed, kept on this phone ------------------------------------------------
  // A phone may drop a page left in the background (a message read between two holes)
  // and load it afresh; a reload does the same. Either way the boxes would come back
  // empty: they ask the browser not to remember them. So what is typed into a hole's
  // form is kept in the phone's storage as it is typed, put back when that form opens
  // again (saying so, with a way to start afresh), and forgotten once the hole is
  // saved. Kept three days at most.
  var DRAFT = "golf-draft:";
  var DRAFT_KEPT = 3 * 24 * 3600 * 1000;
  var draftSaving = null;  // the key of the form being saved, and its request
  function draftStore() {
    try { return window.localStorage; } catch (e) { return null; }  // storage refused
  }
  function draftKey(form) {
    var number = form.querySelector('input[name="number"]');
    return DRAFT + new URL(form.action, location.href).pathname + "#" + (number ? number.value : "");
  }
  function draftBoxes(form) {
    return form.querySelectorAll('input[name^="grid_"], input[name^="total_"], ' +
      'input[name="kind"], input[name="went_out"]');
  }
  function typed(form) {
    var values = {};
    draftBoxes(form).forEach(function (box) {
      if (box.type !== "radio") values[box.name] = box.value;
      else if (box.checked) values[box.name] = box.value;
    });
    return values;
  }
  function fill(form, values) {
    draftBoxes(form).forEach(function (box) {
      if (!(box.name in values)) return;
      if (box.type === "radio") box.checked = box.value === values[box.name];
      else box.value = values[box.name];
      box.dispatchEvent(new Event("golf:reread"));
    });
  }
  function differs(a, b) {
    return Object.keys(a).concat(Object.keys(b)).some(function (name) { return a[name] !== b[name]; });
  }
  // Check the hole as it now stands. While the page loads, htmx has yet to set up the
  // live check: wait for it.
  function checkAgain(form) {
    var entries = form.querySelector(".entries");
    var done = false;
    function check() {
      if (done || !entries || !window.htmx) return;
      done = true;
      window.htmx.trigger(entries, "change");
    }
    if (document.readyState === "complete") return check();
    document.addEventListener("DOMContentLoaded", function () { setTimeout(check, 0); });
    window.addEventListener("load", check);
  }
  function setUpDraft() {
    var store = draftStore();
    var form = document.querySelector(".hole-form");
    if (!store) return;
    for (var i = store.length - 1; i >= 0; i--) {
      var name = store.key(i);
      if (!name || name.indexOf(DRAFT) !== 0) continue;
      try {
        if (Date.now() - JSON.parse(store.getItem(name)).at > DRAFT_KEPT) store.removeItem(name);
      } catch (e) { store.removeItem(name); }
    }
    // Marked with a property, not an attribute: htmx keeps a copy of the page's
    // HTML for Back, and a form put back from it needs setting up again.
    if (!form || form.golfDraft) return;
    form.golfDraft = true;
    var key = draftKey(form);
    var page = typed(form);
    var kept = null;
    try { kept = JSON.parse(store.getItem(key) || "null"); } catch (e) { /* damaged: ignored */ }
    function keep() {
      try { store.setItem(key, JSON.stringify({ at: Date.now(), values: typed(form) })); } catch (e) { /* full */ }
    }
    form.addEventListener("input", keep);
    form.addEventListener("change", keep);
    if (!kept || !kept.values || !differs(kept.values, page)) return;
    fill(form, kept.values);
    var note = document.createElement("div");
    note.className = "panel draft-note";
    note.setAttribute("role", "status");
    var line = document.createElement("p");
    line.textContent = "What you typed for this hole on this phone is back in place.";
    var button = document.createElement("button");
    button.type = "button";
    button.className = "button--quiet";
    // ("Back to the saved hole" on a correction: that is what it puts back.)
    button.textContent = form.dataset.afresh || "Start afresh";
    button.addEventListener("click", function () {
      fill(form, page);
      store.removeItem(key);
      note.remove();
      checkAgain(form);
      var first = form.querySelector(".slot, input.notation");
      if (first) first.focus();
    });
    note.appendChild(line);
    note.appendChild(button);
    form.insertBefore(note, document.getElementById("table-problems"));
    checkAgain(form);
  }
  var savedByKeyboard = false;
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (elt.hasAttribute("data-save") && elt.form) {
      draftSaving = { key: draftKey(elt.form), xhr: event.detail.xhr };
      // A click from the keyboard (Enter or Space on the button, or Enter in a
      // box, which presses the form's first button) counts no presses.
      var click = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
      savedByKeyboard = !!click && click.detail === 0;
    }
  });
  // (Told by the request, not by its element: the save button is gone by then, and
  // htmx tells the scoreboard that took its place.)
  document.body.addEventListener("htmx:afterRequest", function (event) {
    var store = draftStore();
    var xhr = event.detail.xhr;
    if (draftSaving === null || xhr !== draftSaving.xhr) return;
    // Saved (or saved already, from another phone): the scoreboard came back.
    if (store && event.detail.successful && xhr.getResponseHeader("HX-Push-Url")) {
      store.removeItem(draftSaving.key);
    }
    draftSaving = null;
  });

  // -- Clear of the keypad ----------------------------------------------------------------
  // The keypad sticks to the bottom of the screen, over the page. Whatever must be
  // seen (the slot being filled, a problem) is scrolled to sit above it.
  var CLEARANCE = 8;  // px between what is shown and the keypad or the top of the screen
  function keypadHeight() {
    var keypad = document.getElementById("keypad");
    // Hidden until a slot is chosen, and by the stylesheet when totals are entered.
    if (!keypad || keypad.hidden || !keypad.getClientRects().length) return 0;
    return keypad.offsetHeight;
  }
  // Scrolled by hand, not with scrollIntoView and scroll margins: those would be
  // style attributes, which htmx keeps in its copy of the page for Back, and which
  // the site's content security policy then refuses when the copy is put back.
  function reveal(element, block) {
    var box = element.getBoundingClientRect();
    var top = CLEARANCE;
    var bottom = window.innerHeight - keypadHeight() - CLEARANCE;
    if (block === "start" || box.top < top || box.bottom - box.top > bottom - top) {
      window.scrollBy(0, box.top - top);
    } else if (box.bottom > bottom) {
      window.scrollBy(0, box.bottom - bottom);
    }
  }
  function shown(element) {
    return !!element && element.getClientRects().length > 0;
  }

  // Whatever in the form gets the focus (a card slot reached with Tab, say, or a
  // choice of who went out) is shown clear of the keypad, which the browser does
  // not know covers the foot of the screen. (While a grid's text box has the focus
  // the keypad steps aside; its own keys are on it.)
  document.addEventListener("focusin", function (event) {
    var target = event.target;
    if (!target.closest || !target.closest(".hole-form")) return;
    if (target.closest(".keypad, .grid-entry input")) return;
    // From the keyboard only: a slot tapped takes the focus before the tap's click,
    // and a scroll then would move the slot from under the finger (the tap's own
    // click shows the slot once it is chosen).
    if (keypadHeight() && target.matches(":focus-visible")) reveal(target.closest("label") || target);
  });

  // A live check's results grow or shrink above the slot being filled (a finished
  // grid's breakdown, say): keep that slot in view, clear of the keypad. A problem
  // the check has just found is shown too, above the keypad (last, so it wins
  // where both do not fit): the player would otherwise type on, under a message
  // they cannot see.
  var checked = [];  // the ids of the results and problems a live check put in afresh
  var folded = null;  // the last player's entry, when the keypad has just folded away
  document.body.addEventListener("htmx:afterSettle", function () {
    var slot = document.querySelector(".slot.is-active");
    var news = checked;
    checked = [];
    if (held) return;
    if (folded && folded.isConnected && !keypadHeight()) {
      // (Until the answer about the last card is in: an earlier check can settle first.)
      var result = folded.querySelector(".result");
      reveal(folded);
      if (shown(result)) {
        reveal(result);
        folded = null;
      }
      return;
    }
    folded = null;
    if (!keypadHeight()) return;
    if (shown(slot)) reveal(slot);
    for (var i = 0; i < news.length; i++) {
      var fresh = document.getElementById(news[i]);
      var problem = fresh && fresh.querySelector(".errorlist");
      if (shown(problem) && fresh.closest(".entry")) {
        reveal(problem);
        return;
      }
    }
  });

  // -- A button held while the live check answers ------------------------------------------
  // The live check's results come in above the form's buttons. A press on "Save" with a
  // mouse sends a check of its own (the text box it takes the focus from reports a
  // change), and if the answer lands before the button is let go, the button moves
  // from under the pointer: the click is lost, with nothing saved and nothing said.
  // While a button is held, the page scrolls with it instead, so it stays put.
  var held = null;
  var heldAt = null;
  document.addEventListener("pointerdown", function (event) {
    held = event.target.closest ? event.target.closest(".hole-form button") : null;
  }, true);
  ["pointerup", "pointercancel"].forEach(function (name) {
    document.addEventListener(name, function () { held = null; }, true);
  });
  document.body.addEventListener("htmx:beforeSwap", function () {
    heldAt = held && held.isConnected ? held.getBoundingClientRect().top : null;
  });
  document.body.addEventListener("htmx:afterSwap", function () {
    if (heldAt !== null && held && held.isConnected) {
      window.scrollBy(0, held.getBoundingClientRect().top - heldAt);
    }
    heldAt = null;
  });

  // Where a player puts a problem right: a card slot rather than the grid's text
  // box, so a phone keeps the keypad instead of opening its keyboard; but the box
  // for a save made from the keyboard (Enter in a box, or on the button), as the
  // keypad is far down the page for Tab; with totals, the total's box.
  function placeToFix(entry, byKeyboard) {
    var target = byKeyboard ? entry.querySelector("input.notation") : null;
    if (!shown(target)) target = entry.querySelector(".slot--bad");
    if (!shown(target)) target = entry.querySelector(".slot");
    if (!shown(target)) target = entry.querySelector('.total-entry [aria-invalid="true"]');
    return shown(target) ? target : null;
  }

  // A refused save: take the player to the first problem on the page (the table's,
  // at the top of the form, else the first player's with one), clear of the keypad,
  // and put the focus where it is put right. (The save button that had the focus
  // is gone with the page it was on.)
  function goToFirstProblem(byKeyboard) {
    var lists = document.querySelectorAll(".hole-form .errorlist");
    var problem = null;
    for (var i = 0; i < lists.length && !problem; i++) {
      if (shown(lists[i])) problem = lists[i];
    }
    if (!problem) {
      window.scrollTo(0, 0);
      return;
    }
    var entry = problem.closest(".entry");
    var target = null;
    if (!entry) {
      var place = problem.closest(".panel, fieldset") || problem;
      reveal(place);
      // A problem of the whole table (too many kings between two grids, say): the
      // first player it marks. Who went out: the choice. Else the message itself,
      // for the keyboard to go on from there.
      var marked = document.querySelector(".hole-form .entry .slot--bad, " +
        '.hole-form .entry input[aria-invalid="true"]');
      if (place.matches("fieldset")) {
        target = place.querySelector("input:checked") || place.querySelector("input");
      } else if (marked) {
        target = placeToFix(marked.closest(".entry"), byKeyboard);
      }
      if (!target) {
        place.tabIndex = -1;
        target = place;
      }
      target.focus({ preventScroll: true });
      return;
    }
    // The player's name and cards with the message under them where they fit, and
    // the message in any case.
    reveal(entry, "start");
    reveal(problem);
    target = placeToFix(entry, byKeyboard);
    if (target) target.focus({ preventScroll: true });
  }

  // A card marked as a problem says so to a screen reader too, and reads out the
  // player's message with it, as the red border shows it to the eye. (A slot
  // reached after a refused save would otherwise be only "Row 1, card 1: 7".)
  var PROBLEM = " (a problem)";
  function sayIfProblem(slot) {
    var label = (slot.getAttribute("aria-label") || "").replace(PROBLEM, "");
    var bad = slot.classList.contains("slot--bad");
    var result = slot.closest(".entry") && slot.closest(".entry").querySelector(".result");
    slot.setAttribute("aria-label", bad ? label + PROBLEM : label);
    if (bad && result && result.id) slot.setAttribute("aria-describedby", result.id);
    else slot.removeAttribute("aria-describedby");
  }

  // A live check answers with every player's result and the table's problems,
  // changed or not. One that has not changed is left as it is: put in afresh, it
  // would be read out again by a screen reader (the table's problems as an alert)
  // each time the typing pauses, and a breakdown opened to read would fold up.
  function sameAs(shown, incoming) {
    var now = shown.cloneNode(true);
    now.querySelectorAll("details[open]").forEach(function (fold) { fold.removeAttribute("open"); });
    return now.innerHTML === incoming.innerHTML &&
      (now.dataset.bad || "") === (incoming.dataset.bad || "");
  }
  document.body.addEventListener("htmx:oobBeforeSwap", function (event) {
    var target = event.detail.target;
    var fragment = event.detail.fragment;
    var incoming = fragment && fragment.firstElementChild;
    if (!incoming || !target.matches(".hole-form .result, .hole-form .table-problems")) return;
    if (sameAs(target, incoming)) event.detail.shouldSwap = false;
    else checked.push(target.id);
  });

  // After a live check, mark the cards each problem is about, and the player's
  // boxes as wrong while the check finds a problem of theirs (a box put right after
  // a refused save stops being marked, for the eye and for a screen reader).
  function markProblems() {
    document.querySelectorAll(".entry").forEach(function (entry) {
      var result = entry.querySelector(".result");
      var bad = result ? (result.dataset.bad || "").split(" ") : [];
      entry.querySelectorAll(".slot").forEach(function (slot) {
        var place = slot.dataset.row + "-" + slot.dataset.column;
        slot.classList.toggle("slot--bad", bad.indexOf(place) >= 0);
        sayIfProblem(slot);
      });
      if (!result) return;
      var wrong = !!result.querySelector(".errorlist");
      entry.querySelectorAll("input.notation, .total-entry input").forEach(function (box) {
        if (wrong) box.setAttribute("aria-invalid", "true");
        else box.removeAttribute("aria-invalid");
      });
    });
  }
  document.body.addEventListener("htmx:oobAfterSwap", markProblems);
  document.body.addEventListener("htmx:afterSettle", markProblems);
  // Keys typed on the hole form's card slots, as the keypad of the page now shown
  // takes them: one listener for the page's life, not one more with each form htmx
  // puts in.
  var slotKeys = null;
  document.addEventListener("keydown", function (event) {
    if (slotKeys) slotKeys(event);
  });
  // A whole page put in by htmx (a save's answer, or Back or Forward to a page htmx
  // kept): set it up as a page load would.
  // A live check sent just before a save can answer after the save's page is in,
  // and after checks of what was typed on that page since: its answer is about
  // cards no longer shown, so it is dropped. (Told on the old form's own element:
  // an element no longer on the page sends its events nowhere else.)
  function dropStaleChecks() {
    document.querySelectorAll(".hole-form .entries").forEach(function (entries) {
      if (entries.golfStaleGuard) return;
      entries.golfStaleGuard = true;
      entries.addEventListener("htmx:beforeSwap", function (event) {
        if (!entries.isConnected) event.detail.shouldSwap = false;
      });
    });
  }
  function setUpPage() {
    dropStaleChecks();
    setUpDraft();
    setUpKeypad();
    markProblems();
    keepAwake();
  }
  document.body.addEventListener("htmx:historyRestore", setUpPage);
  // Once settled, not when swapped in: htmx makes the new form live (its live check
  // listening, its triggers set) as it settles, and a player who types the moment
  // the bad card has the focus would otherwise type into a form that checks
  // nothing, its old problem shown until they type again.
  document.body.addEventListener("htmx:afterSettle", function (event) {
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
    // A refused save (or a page without problems: its top).
    goToFirstProblem(savedByKeyboard);
  });
  dropStaleChecks();
  setUpDraft();
  setUpKeypad();
  // A page that opens with problems (the scores checked by a plain post, or a save
  // refused without htmx): start at the first of them, not at the top.
  if (document.querySelector(".hole-form .errorlist")) goToFirstProblem();

  // -- Cards or totals ----------------------------------------------------------------------
  // Switching between them leaves each result showing what the other way worked out
  // (a grid's breakdown under an empty total): clear them, and check the hole again
  // as it is now entered. The choice sits outside the live-checked part of the form.
  document.body.addEventListener("change", function (event) {
    var radio = event.target;
    if (radio.name !== "kind" || !radio.closest(".hole-form")) return;
    radio.form.querySelectorAll(".entry .result").forEach(function (result) {
      result.innerHTML = "";
      result.dataset.bad = "";
    });
    markProblems();
    var entries = radio.form.querySelector(".entries");
    if (entries && window.htmx) window.htmx.trigger(entries, "change");
  });

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
    if (!event.detail.elt.hasAttribute("data-save")) return;
    if (place) place.innerHTML = "";
    saveWhenOnline(null);
  });
  document.body.addEventListener("htmx:sendError", function (event) {
    var button = event.detail.elt;
    if (!button.hasAttribute("data-save")) return;
    saveProblem("The site could not be reached, so nothing was saved. Everything you " +
      "typed is still here: save again when you have a signal. If this phone notices " +
      "the signal come back first, it saves the hole by itself.");
    saveWhenOnline(button);
  });

  // The save that did not get through is sent again as soon as the phone reports
  // that it is back online, if the form still holds what it held when Save was
  // tapped: a change made since calls it off (the player saves that themselves).
  var pending = null;
  function saveWhenOnline(button) {
    if (pending) window.removeEventListener("online", pending);
    pending = null;
    if (!button || !button.form) return;
    var form = button.form;
    var sent = typed(form);
    pending = function () {
      saveWhenOnline(null);
      if (button.isConnected && !button.disabled && !differs(typed(form), sent)) button.click();
    };
    window.addEventListener("online", pending);
  }
  document.body.addEventListener("htmx:responseError", function (event) {
    if (!event.detail.elt.hasAttribute("data-save")) return;
    saveProblem("The site could not save this just now (error " + event.detail.xhr.status +
      "). Everything you typed is still here: try again in a moment.");
  });

  // -- Keypad -----------------------------------------------------------------------------
  function setUpKeypad() {
    slotKeys = null;
    var keypad = document.getElementById("keypad");
    if (!keypad) return;
    var hint = document.getElementById("keypad-hint");
    var groups = Array.prototype.slice.call(document.querySelectorAll(".slots"));
    if (!groups.length) return;
    // The keypad comes up with a chosen slot, as a phone's keyboard does with a
    // text box: until then it would cover a quarter of the screen, the first
    // player's slots included, for nothing.
    keypad.hidden = true;
    // Say how to use the slots and the keypad, now that there are some.
    document.querySelectorAll(".hole-form [data-swap]").forEach(function (el) {
      el.classList.add("swap--script");
    });
    var active = null;
    var lastFilled = null;
    // A card in notation is shown with its suit's sign ("KS" as K♠), as the
    // messages write it: the signs and ranks are the keypad's own keys.
    var ranks = {}, suits = {};
    keypad.querySelectorAll("[data-rank]").forEach(function (key) { ranks[key.dataset.rank] = true; });
    keypad.querySelectorAll("[data-suit]").forEach(function (key) {
      suits[key.dataset.suit] = { sign: key.textContent, red: key.classList.contains("suit--red") };
    });
    function shownAs(text) {
      var suit = suits[text.slice(-1)], rank = text.slice(0, -1);
      return suit && ranks[rank] ? { text: rank + suit.sign, red: suit.red } : { text: text, red: false };
    }

    function inputFor(group) { return document.getElementById(group.dataset.for); }
    function slotsOf(group) { return Array.prototype.slice.call(group.querySelectorAll(".slot")); }
    function groupOf(slot) { return slot.closest(".slots"); }
    function columnsOf(group) {
      var m = group.className.match(/slots--cols-(\d)/);
      return m ? parseInt(m[1], 10) : 3;
    }

    function show(slot, text) {
      var shown = shownAs(text || "");
      slot.textContent = shown.text || "\u00b7";
      slot.classList.toggle("is-filled", !!text);
      slot.classList.toggle("slot--red", shown.red);
      slot.dataset.card = text || "";
      slot.setAttribute("aria-label", "Row " + slot.dataset.row + ", card " + slot.dataset.column +
        ": " + (shown.text || "empty"));
      sayIfProblem(slot);
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

    function withoutTrailingGaps(text) {
      var rows = text.trim() ? text.trim().split(/\s*\/\s*/) : [];
      while (rows.length) {
        var tokens = rows[rows.length - 1].split(/[\s,]+/).filter(Boolean);
        while (tokens.length && tokens[tokens.length - 1] === "?") tokens.pop();
        if (tokens.length) {
          rows[rows.length - 1] = tokens.join(" ");
          break;
        }
        rows.pop();
      }
      return rows.join(" / ");
    }

    // A row's cards as the engine reads them (grid.row_tokens): split at spaces and
    // commas, and a run typed without spaces ("K5J") card by card where it reads
    // one way only: each card one character of the deck's ranks, a 10 its two, and
    // with jokers in play no "JK" or "J0" in it.
    var written = {};
    keypad.querySelectorAll("[data-rank]").forEach(function (key) {
      written[key.dataset.rank] = true;
      (key.dataset.also || "").split(" ").filter(Boolean).forEach(function (also) { written[also] = true; });
    });
    function splitRun(token) {
      var up = token.toUpperCase();
      if (token.length < 2 || written[up]) return [token];
      if (written.JK && (up.indexOf("JK") >= 0 || up.indexOf("J0") >= 0)) return [token];
      var pieces = [];
      for (var i = 0; i < up.length;) {
        if (written["10"] && up.substr(i, 2) === "10") { pieces.push(token.substr(i, 2)); i += 2; }
        else if (written[up[i]]) { pieces.push(token[i]); i += 1; }
        else return [token];
      }
      return pieces;
    }
    function cardsOf(rowText) {
      var cards = [];
      rowText.split(/[\s,]+/).filter(Boolean).forEach(function (token) {
        cards.push.apply(cards, splitRun(token));
      });
      return cards;
    }

    function readNotation(group) {
      var text = inputFor(group).value.trim();
      // Slashes with nothing between them make no row, as the engine reads a grid.
      var rows = text ? text.split(/\s*(?:\/|\n)\s*/).filter(Boolean) : [];
      var cols = columnsOf(group);
      var size = slotsOf(group).length;
      // A whole grid typed without slashes is read row by row, as the engine does.
      var run = rows.length === 1 ? cardsOf(rows[0]) : [];
      if (size > cols && run.length === size) {
        rows = [];
        for (var start = 0; start < size; start += cols) rows.push(run.slice(start, start + cols).join(" "));
      }
      slotsOf(group).forEach(function (slot, i) {
        var r = Math.floor(i / cols), c = i % cols;
        var tokens = rows[r] ? cardsOf(rows[r]) : [];
        var card = tokens[c] || "";
        show(slot, card === "?" ? "" : card.toUpperCase());
      });
    }

    // Make ``slot`` the one the keypad fills, and show it above the keypad (with the
    // rest of its grid too, when ``wholeGrid``: moving on to the next player's).
    function activate(slot, wholeGrid) {
      if (active) {
        active.classList.remove("is-active");
        active.removeAttribute("aria-pressed");
      }
      active = slot;
      // Up from the first slot chosen on (it folds away once the last card is in:
      // see fold).
      if (slot) {
        keypad.hidden = false;
        folded = null;
      }
      if (slot) {
        slot.classList.add("is-active");
        slot.setAttribute("aria-pressed", "true");
        var name = slot.closest(".entry").querySelector("h2").firstChild.textContent.trim();
        // The name last: a long one is cut short on one line, the rest is not.
        hint.textContent = "Tap a rank for row " + slot.dataset.row + ", card " +
          slot.dataset.column + " of " + name;
        if (wholeGrid) reveal(groupOf(slot));
        reveal(slot);
        // A problem with this grid, under it, stays in sight too.
        var problem = slot.closest(".entry").querySelector(".result .errorlist");
        if (shown(problem)) {
          reveal(problem);
          reveal(slot);
        }
      } else {
        hint.textContent = everyCardIn() ? "Every card is in. Tap a slot to change it." : "Tap a slot, then a rank.";
      }
    }

    function everyCardIn() {
      return groups.every(function (g) {
        return slotsOf(g).every(function (each) { return !!each.dataset.card; });
      });
    }

    // Once the last card is in, the keypad folds away: up, it would cover the
    // last grid and the score the live check writes under it. A slot tapped
    // brings it back, as at first. The last player's cards and score are shown
    // as the check answers (revealed then, not now: the score is not in yet).
    function fold() {
      var focused = keypad.contains(document.activeElement);
      keypad.hidden = true;
      var last = groups[groups.length - 1];
      var slots = slotsOf(last);
      // The focus on a key now hidden would be lost: it goes to the last slot.
      if (focused && slots.length) slots[slots.length - 1].focus({ preventScroll: true });
      folded = last.closest(".entry");
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
      // The box filled by the script (what was typed, put back or cleared).
      inputFor(group).addEventListener("golf:reread", function () { readNotation(group); });
      // Typing in the box takes over from the slots: no slot stays chosen, and the
      // keypad's "?" for the empty slots at the end go, so what is typed follows the
      // last card ("8 ? ? / ? ? ?" becomes "8", then "8 5 7 / 8 3 9").
      inputFor(group).addEventListener("focus", function () {
        activate(null);
        var input = inputFor(group);
        if (input.value.indexOf("?") < 0) return;
        var trimmed = withoutTrailingGaps(input.value);
        if (trimmed !== input.value) {
          input.value = trimmed;
          input.dispatchEvent(new Event("input", { bubbles: true }));
        }
      });
      group.addEventListener("click", function (event) {
        var slot = event.target.closest(".slot");
        // The keypad coming up shows the whole grid above it, not just this slot.
        if (slot) activate(slot, keypad.hidden);
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
        var next = nextSlot(active);
        activate(next, !!next && groupOf(next) !== groupOf(lastFilled));
        // A rank whose suit decides its value (a jack under One-eyed Jacks): the
        // hint asks for the suit, which the suit keys give the card just written.
        // (Not folded away then, even on the last card: the suit keys are on it.)
        if (button.dataset.needsSuit) hint.textContent = button.dataset.needsSuit;
        else if (!next && everyCardIn()) fold();
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

    // -- The keypad's keys on a keyboard --
    // A key typed on a card slot presses the keypad's key for it: a rank writes
    // that card and moves on to the next slot, the focus with it; a suit letter
    // gives the card just written its suit; Backspace or Delete clears the slot.
    // The ranks are the keypad's own. One of a single character is typed as it
    // is written; the others as the engine also reads them (data-also: "T" for a
    // 10, "*" for a joker). A 10 is "0" too, so "1" then "0" works (a "1" does
    // nothing), except in a deck with a 0 of its own (the ZSA deck).
    var keyFor = {};
    keypad.querySelectorAll("[data-rank]").forEach(function (key) {
      if (key.dataset.rank.length === 1) keyFor[key.dataset.rank.toUpperCase()] = key;
    });
    keypad.querySelectorAll("[data-rank]").forEach(function (key) {
      var also = (key.dataset.also || "").split(" ").filter(Boolean);
      if (key.dataset.rank === "10") also.push("0");
      also.forEach(function (letter) {
        if (!(letter in keyFor)) keyFor[letter] = key;
      });
    });
    keypad.querySelectorAll("[data-suit]").forEach(function (key) {
      if (!(key.dataset.suit in keyFor)) keyFor[key.dataset.suit] = key;
    });
    var clear = keypad.querySelector("[data-clear]");
    if (clear) keyFor.Backspace = keyFor.Delete = clear;
    // One seat's page (each phone enters its own cards): the keypad is up from the
    // start, on the first empty slot, so six taps write six cards.
    var opened = keypad.closest("[data-keypad-open]");
    if (opened && groups.length === 1) {
      var empty = slotsOf(groups[0]).filter(function (each) { return !each.dataset.card; })[0];
      if (empty) activate(empty);
    }

    slotKeys = function (event) {
      if (event.defaultPrevented || event.isComposing) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;  // the browser's own
      var target = event.target;
      var slot = target.closest ? target.closest(".slot") : null;
      if (slot && groups.indexOf(groupOf(slot)) < 0) slot = null;
      // With the focus on the keypad, or on nothing (a browser that does not
      // focus a button clicked), keys go to the slot chosen, if any.
      if (!slot && !(active && shown(keypad) && (keypad.contains(target) ||
        target === document.body || target === document.documentElement))) return;
      var name = event.key.length === 1 ? event.key.toUpperCase() : event.key;
      if (slot && name.indexOf("Arrow") === 0) return moveFrom(slot, name, event);
      var key = keyFor[name];
      if (!key) return;
      event.preventDefault();
      if (slot && slot !== active) {
        // A slot reached with Tab (or left behind by the last card): chosen now,
        // and a suit letter is for its own card, not one written before.
        activate(slot, keypad.hidden);
        lastFilled = null;
      }
      key.click();
      if (slot && active && active !== slot) active.focus({ preventScroll: true });
    };
    // The arrow keys go from slot to slot in a grid: left and right in reading
    // order, up and down a row. The choice goes along when a slot is chosen (and,
    // as with Tab, a suit letter is then for the card of the slot reached).
    function moveFrom(slot, name, event) {
      var group = groupOf(slot), slots = slotsOf(group), cols = columnsOf(group);
      var step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -cols, ArrowDown: cols }[name];
      var to = step ? slots[slots.indexOf(slot) + step] : null;
      if (!to) return;
      event.preventDefault();
      if (active) {
        activate(to);
        lastFilled = null;
        to.focus({ preventScroll: true });
      } else {
        to.focus();
      }
    }
  }

  // -- New match: the first dealer's list names the players ----------------------------------
  // Seats as the server counts them: a group's ticked regular players first, by the
  // seat numbers given them (those without one after, in the order listed), then
  // the names typed, blank boxes skipped. A seat with nobody in it yet keeps its
  // number.
  function seatBoxOf(box) {
    var row = box.closest(".roster-seat");
    return row && row.querySelector('input[name^="seat_"]');
  }
  function setUpDealerNames() {
    var form = document.querySelector(".match-form");
    var select = form && form.querySelector('select[name="first_dealer"]');
    if (!select) return;
    function seated() {
      var names = [];
      var ticked = [];
      form.querySelectorAll('input[name="roster"]:checked').forEach(function (box, listed) {
        var label = box.closest("label");
        var seat = seatBoxOf(box);
        var number = seat ? parseInt(seat.value, 10) : NaN;
        if (label) ticked.push({ name: label.textContent.trim(), number: number, listed: listed });
      });
      ticked.sort(function (a, b) {
        var an = isNaN(a.number), bn = isNaN(b.number);
        if (an !== bn) return an ? 1 : -1;
        return (an ? 0 : a.number - b.number) || a.listed - b.listed;
      });
      ticked.forEach(function (player) { names.push(player.name); });
      form.querySelectorAll('input[name^="player_"]').forEach(function (input) {
        var name = input.value.trim();
        if (name) names.push(name);
      });
      return names;
    }
    // Once names are typed, only their seats can deal first: the others are hidden
    // (and refused, should a browser still offer them), and a choice of an empty
    // seat goes back to the first.
    function rename() {
      var names = seated();
      Array.prototype.forEach.call(select.options, function (option) {
        var n = parseInt(option.value, 10);
        option.textContent = names[n - 1] || (select.dataset.unnamed || "Player") + " " + n;
        var empty = names.length > 0 && n > names.length;
        option.hidden = empty;
        option.disabled = empty;
      });
      if (select.selectedOptions.length && select.selectedOptions[0].disabled) {
        select.selectedIndex = 0;
      }
    }
    form.addEventListener("input", rename);
    form.addEventListener("change", rename);
    rename();
  }
  setUpDealerNames();

  // -- A group's new match: ticking a regular gives them the next seat -------------------
  // Without the script the numbers are typed (or left out: the order listed). With
  // it, a tick fills in the next free number and an untick clears it.
  document.querySelectorAll('.roster-seats input[name="roster"]').forEach(function (box) {
    box.addEventListener("change", function () {
      var seat = seatBoxOf(box);
      if (!seat) return;
      if (!box.checked) {
        seat.value = "";
      } else if (!seat.value) {
        var taken = 0;
        box.closest(".roster-seats").querySelectorAll('input[name^="seat_"]').forEach(function (other) {
          taken = Math.max(taken, parseInt(other.value, 10) || 0);
        });
        seat.value = String(taken + 1);
      }
      // The dealer's list reads the numbers: tell it they changed.
      seat.dispatchEvent(new Event("input", { bubbles: true }));
    });
  });

  // -- New match: the line that sums up the folded rules ---------------------------------
  // It sums them up as the page came; once one is changed it says so, rather than
  // go on showing what is no longer true.
  var outline = document.querySelector("[data-rules-outline]");
  if (outline) {
    outline.closest("details").addEventListener("change", function () {
      outline.textContent = "as you set them";
    });
  }

  // -- Paper card -------------------------------------------------------------------------
  // A print button where the script can print (the browser's own menu works anyway).
  document.querySelectorAll("[data-print]").forEach(function (box) {
    box.hidden = false;
    box.querySelector("button").addEventListener("click", function () { window.print(); });
  });
})();
