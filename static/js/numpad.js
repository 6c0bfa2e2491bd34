/* A number pad for the boxes that take a whole number: a hand's total on the hole
   form, the answer on the practice page. A phone's own number keyboard may have no
   minus sign (an iPhone's has none), and its letter keyboard is a poor way to type
   "-4": on a touch screen the pad comes up in its place, with the ten digits, a
   minus key, a key that rubs out, and one that goes on to the next box (or, on the
   last, does what the pad says: folds away, or sends the form).

   The page works without this file: each box is a plain text box, with the phone's
   usual keyboard (not its number keyboard: an iPhone's has no minus sign). Without
   a touch screen the box is typed in as usual and no pad comes up.

   The markup: a pad <div data-numpad="SELECTOR" hidden> whose SELECTOR finds its
   boxes, with buttons data-digit="0".."9", data-minus, data-erase and data-next;
   data-last on the pad names the last box's next key, and data-submit makes that
   key send the box's form. The pad sticks to the foot of the screen (numpad.css). */
(function () {
  "use strict";
  var CLEARANCE = 8;  // px between what is shown and the pad or the top of the screen
  var touch = !!window.matchMedia && window.matchMedia("(pointer: coarse)").matches;
  var open = null;  // {pad, box}: the pad that is up, and the box it types in

  function shown(element) {
    return !!element && element.getClientRects().length > 0;
  }
  function padFor(box) {
    if (!box || !box.matches) return null;
    var pads = document.querySelectorAll("[data-numpad]");
    for (var i = 0; i < pads.length; i++) {
      if (box.matches(pads[i].dataset.numpad)) return pads[i];
    }
    return null;
  }
  function boxesOf(pad) {
    return Array.prototype.filter.call(document.querySelectorAll(pad.dataset.numpad), shown);
  }

  // Where the pad is used, the phone's own keyboard stays down (the box keeps the
  // focus and its caret, for a keyboard plugged in). Set again on each page htmx
  // puts in: its boxes are new.
  function setUp() {
    if (!touch) return;
    document.querySelectorAll("[data-numpad]").forEach(function (pad) {
      document.querySelectorAll(pad.dataset.numpad).forEach(function (box) {
        box.setAttribute("inputmode", "none");
      });
    });
    if (open && !open.box.isConnected) close();
    chooseTyped(document.activeElement);
  }

  // A box the page puts the focus back in (autofocus: the practice total to try
  // again) has what was typed in it chosen, so the next number takes its place
  // rather than being written before it; once, not at each later tap on it.
  function chooseTyped(box) {
    if (!box || !box.hasAttribute || !box.hasAttribute("autofocus") || !padFor(box)) return;
    if (box.dataset.chosen || !box.value) return;
    box.dataset.chosen = "1";
    box.select();
  }

  // Scrolled by hand, as the hole form's keypad is (scoresheet.js): scroll margins
  // would be style attributes, which htmx keeps in its copy of the page for Back.
  function reveal(element) {
    var box = element.getBoundingClientRect();
    var bottom = window.innerHeight - (open ? open.pad.offsetHeight : 0) - CLEARANCE;
    if (box.top < CLEARANCE || box.bottom - box.top > bottom - CLEARANCE) {
      window.scrollBy(0, box.top - CLEARANCE);
    } else if (box.bottom > bottom) {
      window.scrollBy(0, box.bottom - bottom);
    }
  }
  // The box and what is said about it (the score it makes, a problem with it: the
  // elements that describe it), all above the pad; the box last, so it wins where
  // they do not all fit.
  function showBox() {
    if (!open) return;
    (open.box.getAttribute("aria-describedby") || "").split(/\s+/).forEach(function (id) {
      var said = id ? document.getElementById(id) : null;
      if (shown(said)) reveal(said);
    });
    reveal(open.box);
  }

  function label(box) {
    var name = box.labels && box.labels.length ? box.labels[0].textContent : "";
    return name.replace(/\s+/g, " ").trim();
  }

  function openFor(box) {
    var pad = padFor(box);
    if (!touch || !pad) return;
    if (open && open.box !== box) open.box.classList.remove("is-typed-in");
    open = { pad: pad, box: box };
    box.classList.add("is-typed-in");
    var hint = pad.querySelector("[data-hint]");
    if (hint) hint.textContent = label(box);
    var boxes = boxesOf(pad);
    var next = pad.querySelector("[data-next]");
    var last = boxes.indexOf(box) === boxes.length - 1;
    if (next) {
      next.textContent = last ? pad.dataset.last || "Done" : "Next";
      next.setAttribute("aria-label", last ? next.textContent : "Next: " + label(boxes[boxes.indexOf(box) + 1]));
    }
    pad.hidden = false;
    showBox();
  }

  function close() {
    if (!open) return;
    open.box.classList.remove("is-typed-in");
    open.pad.hidden = true;
    open = null;
  }

  // What a key writes goes in at the caret (at the end when the box has not the
  // focus), within the box's length; the box then reports the change, as typing
  // would (the hole form checks it, and keeps it on the phone).
  function write(box, text) {
    var focused = document.activeElement === box;
    var start = focused && box.selectionStart !== null ? box.selectionStart : box.value.length;
    var end = focused && box.selectionEnd !== null ? box.selectionEnd : box.value.length;
    var room = box.maxLength > 0 ? box.maxLength - (box.value.length - (end - start)) : text.length;
    if (room < text.length) return;
    box.setRangeText(text, start, end, "end");
    changed(box);
  }
  function erase(box) {
    var focused = document.activeElement === box;
    var start = focused && box.selectionStart !== null ? box.selectionStart : box.value.length;
    var end = focused && box.selectionEnd !== null ? box.selectionEnd : box.value.length;
    if (start === end) start = Math.max(0, start - 1);
    if (start === end) return;
    box.setRangeText("", start, end, "end");
    changed(box);
  }
  // The minus key makes the number negative, or positive again: it is written
  // before the number wherever the caret is. (A minus sign typed on a keyboard,
  // "-" or "−", counts as one.)
  function minus(box) {
    var value = box.value.trim();
    box.value = /^[-\u2212]/.test(value) ? value.slice(1) : "\u2212" + value;
    box.setSelectionRange(box.value.length, box.value.length);
    changed(box);
  }
  function changed(box) {
    box.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function next(pad, box) {
    var boxes = boxesOf(pad);
    var following = boxes[boxes.indexOf(box) + 1];
    if (following) {
      following.focus({ preventScroll: true });
      openFor(following);  // (the focus may already have been there)
      return;
    }
    close();
    box.blur();
    if (pad.hasAttribute("data-submit") && box.form) {
      if (box.form.requestSubmit) box.form.requestSubmit();
      else box.form.submit();
    }
  }

  // A tap on the pad keeps the focus in the box (its caret stays where it was).
  document.addEventListener("mousedown", function (event) {
    if (event.target.closest && event.target.closest("[data-numpad]")) event.preventDefault();
  });
  document.addEventListener("click", function (event) {
    var key = event.target.closest ? event.target.closest("[data-numpad] button") : null;
    if (!key || !open || !open.pad.contains(key)) return;
    var box = open.box;
    if (key.dataset.digit !== undefined) write(box, key.dataset.digit);
    else if (key.hasAttribute("data-minus")) minus(box);
    else if (key.hasAttribute("data-erase")) erase(box);
    else if (key.hasAttribute("data-next")) next(open.pad, box);
  });
  // The pad comes up with a box, as a phone's keyboard does, and goes when the
  // focus leaves for anything but the pad itself or another of its boxes.
  document.addEventListener("focusin", function (event) {
    var target = event.target;
    if (padFor(target)) {
      chooseTyped(target);
      return openFor(target);
    }
    if (open && !open.pad.contains(target)) close();
  });
  document.addEventListener("focusout", function (event) {
    if (!open || event.target !== open.box) return;
    var to = event.relatedTarget;
    if (!to || (!open.pad.contains(to) && !padFor(to))) close();
  });
  // A live check's answer (a score, a problem) is drawn under the box: kept in sight.
  document.addEventListener("htmx:afterSettle", function () {
    setUp();
    showBox();
  });
  // Not kept up (nor its box marked) in the copy of the page htmx keeps for Back.
  document.addEventListener("htmx:beforeHistorySave", close);
  document.addEventListener("htmx:historyRestore", function () {
    close();
    setUp();
  });
  setUp();
})();
