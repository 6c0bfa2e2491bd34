// The play page (rules/templates/rules/play.html): a move the engine refuses comes
// back as 400 with the table and the reason, which is drawn in place like any
// other answer (the site's htmx settings leave 4xx answers undrawn).
(function () {
  "use strict";
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (target && target.id === "play-table" && event.detail.xhr.status === 400) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });
})();
