// The play page (rules/templates/rules/play.html), with htmx drawing the table in
// place after each tap.
(function () {
  "use strict";
  function isTable(el) { return el && el.id === "play-table"; }

  // A move the engine refuses comes back as 400 with the table and the reason,
  // drawn in place like any other answer (the site's htmx settings leave 4xx
  // answers undrawn).
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (isTable(event.detail.target) && event.detail.xhr.status === 400) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });

  // The button tapped is gone with the table it was on; htmx keeps the focus on a
  // button that is there again (same id). Otherwise it goes to what the table now
  // says (the prompt, or the end of the hole), rather than back to the page's top.
  document.addEventListener("htmx:afterSettle", function () {
    var table = document.getElementById("play-table");
    var lost = !document.activeElement || document.activeElement === document.body;
    if (!table || !lost) { return; }
    var said = table.querySelector("[role=alert]") || table.querySelector("[data-focus]");
    // The end of a hole is brought into sight; a prompt is focused where it is.
    if (said) { said.focus({ preventScroll: !said.closest(".hole-over") }); }
  });
})();
