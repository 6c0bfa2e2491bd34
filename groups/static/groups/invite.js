// The group page's invitation links: with JavaScript, a Copy button beside each
// link's box (without it, the box is still there to select and copy by hand).
(function () {
  "use strict";

  function copyText(input) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(input.value);
    }
    // Plain http (a home server): select the text and copy the old way.
    input.focus();
    input.select();
    var done = false;
    try { done = document.execCommand("copy"); } catch (e) { done = false; }
    return done ? Promise.resolve() : Promise.reject(new Error("copy refused"));
  }

  function addButton(input) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "button--quiet invite__copy";
    button.textContent = "Copy link";
    var status = document.createElement("span");
    status.className = "invite__status";
    status.setAttribute("role", "status");
    button.addEventListener("click", function () {
      copyText(input).then(
        function () { status.textContent = "Copied. Paste it in a message to your players."; },
        function () {
          input.focus();
          input.select();
          status.textContent = "Could not copy: the link is selected, copy it from there.";
        }
      );
    });
    input.addEventListener("focus", function () { input.select(); });
    var row = document.createElement("div");
    row.className = "invite__row";
    input.parentNode.insertBefore(row, input);
    row.appendChild(input);
    row.appendChild(button);
    row.parentNode.insertBefore(status, row.nextSibling);
  }

  function start() {
    var inputs = document.querySelectorAll("[data-invite-link]");
    for (var i = 0; i < inputs.length; i++) { addButton(inputs[i]); }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
