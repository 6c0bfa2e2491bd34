/* The site without a signal (the service worker is templates/offline/sw.js). The
   pages work without this file; with it:
   - the service worker is set going, which keeps the pages a keeper opens;
   - a page the phone shows from what it kept says so, and since when; once the
     site answers again, a scoreboard brings itself up to date in place (another
     kept page says to reload it: it may hold what was being typed);
   - live refreshes (a followed board) pause while the phone is offline;
   - the offline page lists the pages kept on this phone. */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!("serviceWorker" in navigator) || !script || !window.isSecureContext) return;
  navigator.serviceWorker.register(script.dataset.worker, { scope: "/" }).catch(function () {
    /* refused (private browsing, a setting): the site works as before */
  });
  // Said in the footer, where it holds (not without the script: then nothing is kept).
  var footer = document.querySelector(".site-footer");
  if (footer) {
    var note = document.createElement("p");
    note.textContent = "This phone keeps the pages you open here, for use without a signal.";
    footer.appendChild(note);
  }

  function two(n) { return (n < 10 ? "0" : "") + n; }
  function clock(ms) {
    var at = new Date(ms);
    return two(at.getHours()) + ":" + two(at.getMinutes());
  }

  // -- A page shown from what the phone kept ---------------------------------------------
  // (The service worker marks it on its <html> element, with when it was kept.)
  var kept = document.documentElement.dataset.golfOffline;
  var main = document.getElementById("main");
  if (kept && main) {
    var mark = document.createElement("p");
    mark.className = "panel offline-mark";
    mark.setAttribute("role", "status");
    mark.textContent = "Offline: last updated " + clock(Number(kept)) + ".";
    main.insertBefore(mark, main.firstChild);
  }

  // -- Back online: the kept page brought up to date ------------------------------------------
  // How long to wait for the site before trying again later: a signal that has just
  // come back may still be too weak to carry a page.
  var ASK_WAIT_MS = 10000;
  var askAgain = 5000;  // doubled each time the site does not answer, up to a minute
  var asking = false;
  var retry = null;

  function later() {
    clearTimeout(retry);
    retry = setTimeout(bringUpToDate, askAgain);
    askAgain = Math.min(askAgain * 2, 60000);
  }

  function bringUpToDate() {
    if (asking || !document.documentElement.dataset.golfOffline || !window.fetch) return;
    asking = true;
    clearTimeout(retry);
    var stop = window.AbortController ? new AbortController() : null;
    var timer = stop && setTimeout(function () { stop.abort(); }, ASK_WAIT_MS);
    fetch(location.href, { credentials: "same-origin", signal: stop ? stop.signal : undefined })
      .then(function (response) {
        if (response.status >= 500) throw new Error("not now");
        return response.text().then(function (html) { return { response: response, html: html }; });
      })
      .then(function (got) {
        clearTimeout(timer);
        asking = false;
        // Another page may hold what is being typed: it only says so.
        if (!document.getElementById("board") || !window.htmx) {
          mark.textContent = "Back online: reload the page for the latest.";
          return;
        }
        // Not this scoreboard any more (the match gone, or no longer this session's):
        // the site's own answer is shown.
        if (!got.response.ok || got.response.redirected) {
          location.reload();
          return;
        }
        // The scoreboard holds nothing typed: its latest takes its place (the
        // offline mark goes with the old one), and is kept for next time.
        delete document.documentElement.dataset.golfOffline;
        htmx.swap(main, got.html, { swapStyle: "innerHTML", swapDelay: 0, settleDelay: 0 },
          { select: "#main > *" });
        var worker = navigator.serviceWorker.controller;
        if (worker) worker.postMessage({ refresh: location.pathname + location.search });
      })
      .catch(function () {
        clearTimeout(timer);
        asking = false;
        if (navigator.onLine) later();  // offline, the "online" event says when to ask
      });
  }
  if (kept && main) {
    window.addEventListener("online", bringUpToDate);
    // Shown because the site was slow (the service worker waits only so long) and
    // not for want of a signal, it may answer soon: asked again now and then.
    if (navigator.onLine) later();
  }

  // -- No live refresh while offline -------------------------------------------------------
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (navigator.onLine || !elt.getAttribute) return;
    if ((elt.getAttribute("hx-trigger") || "").indexOf("every") >= 0) event.preventDefault();
  });

  // A page the script changed without loading one (a hole saved shows the new
  // scoreboard): the service worker keeps its new copy.
  document.addEventListener("htmx:pushedIntoHistory", function (event) {
    var worker = navigator.serviceWorker.controller;
    if (worker && event.detail && event.detail.path) worker.postMessage({ refresh: event.detail.path });
  });

  // -- The offline page: what the phone keeps ------------------------------------------------
  var list = document.getElementById("kept-pages");
  if (!list || !window.caches) return;
  caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("golf-pages-") === 0;
    }).map(function (name) {
      return caches.open(name).then(function (cache) {
        return cache.keys().then(function (requests) {
          return Promise.all(requests.map(function (request) {
            return cache.match(request).then(function (page) {
              return {
                url: request.url,
                title: decodeURIComponent(page.headers.get("x-golf-title") || "") || request.url,
                at: Number(page.headers.get("x-golf-stored-at") || 0),
              };
            });
          }));
        });
      });
    }));
  }).then(function (found) {
    var pages = [].concat.apply([], found).sort(function (a, b) { return b.at - a.at; });
    pages.forEach(function (page) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = page.url;
      link.textContent = page.title;
      item.appendChild(link);
      var when = document.createElement("span");
      when.className = "help";
      when.textContent = " kept at " + clock(page.at);
      item.appendChild(when);
      list.appendChild(item);
    });
    var none = document.getElementById("kept-none");
    if (none) none.hidden = pages.length > 0;
  });
})();
