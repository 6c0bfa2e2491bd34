/* The Golf scorer's service worker (drawn by golfsite/offline.py, served from /sw.js).

   What it keeps, so that a phone with no signal still opens the site:
   - the static files and the manifest (cache first: the files' names change with
     their content, and a new release starts new caches);
   - the pages the server marks as safe to keep (X-Golf-Keep: 1): the rules, and
     the pages a keeper uses at the table. Network first; with no answer, or none
     in time (NETWORK_WAIT_MS), the copy kept, marked as such; with no copy, the
     offline page.
   Never an answer to a POST. Each page is kept with the session it was drawn for
   (X-Golf-Viewer) and shown only to that session: when the server names another
   (a log-out, a log-in), everything kept is dropped.
   The cache names carry the site's release: a new one starts afresh and the old
   caches are deleted once it takes over. */
"use strict";

var CONFIG = {{ config|safe }};
var VERSION = CONFIG.version;
var STATIC = "golf-static-" + VERSION;
var PAGES = "golf-pages-" + VERSION;
var META = "golf-meta-" + VERSION;
var OFFLINE_URL = CONFIG.offlineUrl;
var PRECACHE = CONFIG.precache;
var KEEP = CONFIG.keepHeader;
var VIEWER = CONFIG.viewerHeader;
var VIEWER_NOTE = "/__golf/viewer";
// How long a page may take before the copy kept is shown instead. A signal that
// comes and goes can leave a request hanging for a minute or more; a player at the
// table would rather see the last board at once. Long enough for a slow but
// working connection (the pages weigh a few KB). The answer, if it comes later,
// is still kept for next time.
var NETWORK_WAIT_MS = 4000;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(STATIC).then(function (cache) {
    return cache.addAll(PRECACHE);
  }).then(function () { return self.skipWaiting(); }));
});

// Takes over the open pages first, so that the last release's worker stops
// answering them, then deletes what that release kept.
self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim().then(function () {
    return caches.keys();
  }).then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("golf-") === 0 && [STATIC, PAGES, META].indexOf(name) < 0;
    }).map(function (name) { return caches.delete(name); }));
  }));
});

// -- Whose pages are kept ------------------------------------------------------------------
function currentViewer() {
  return caches.open(META).then(function (cache) {
    return cache.match(VIEWER_NOTE);
  }).then(function (note) { return note ? note.text() : null; });
}

// The session the server named: another than before drops every page kept.
function noteViewer(viewer) {
  if (!viewer) return Promise.resolve();
  return currentViewer().then(function (known) {
    if (known === viewer) return null;
    return caches.delete(PAGES).then(function () {
      return caches.open(META);
    }).then(function (cache) {
      return cache.put(VIEWER_NOTE, new Response(viewer));
    });
  });
}

// -- Pages ---------------------------------------------------------------------------------
function pageKey(url) {
  var key = new URL(url);
  key.hash = "";
  return key.href;
}

function titleOf(html) {
  var found = /<title>([\s\S]*?)<\/title>/i.exec(html);
  return found ? found[1].trim() : "";
}

// Keep ``response`` (a page marked as safe to keep) with when it was drawn and its title.
function keep(response) {
  if (response.status !== 200 || response.headers.get(KEEP) !== "1") return Promise.resolve();
  var url = pageKey(response.url);
  return response.text().then(function (html) {
    var headers = new Headers(response.headers);
    headers.set("x-golf-stored-at", String(Date.now()));
    headers.set("x-golf-title", encodeURIComponent(titleOf(html)));
    return caches.open(PAGES).then(function (cache) {
      return cache.put(url, new Response(html, { status: 200, headers: headers }));
    });
  });
}

function fromNetwork(request) {
  return fetch(request).then(function (response) {
    var copy = response.clone();
    // Kept in the background: the page is shown without waiting for it.
    var stored = noteViewer(response.headers.get(VIEWER)).then(function () { return keep(copy); });
    return { response: response, stored: stored };
  });
}

// The copy kept of ``url`` for the current session, marked as shown offline.
function keptPage(url) {
  return Promise.all([
    caches.open(PAGES).then(function (cache) { return cache.match(pageKey(url), { ignoreVary: true }); }),
    currentViewer(),
  ]).then(function (found) {
    var page = found[0], viewer = found[1];
    if (!page || !viewer || page.headers.get(VIEWER) !== viewer) return null;
    var at = page.headers.get("x-golf-stored-at") || "";
    return page.text().then(function (html) {
      html = html.replace(/<html\b/i, '<html data-golf-offline="' + at.replace(/\D/g, "") + '"');
      return new Response(html, { status: 200, headers: page.headers });
    });
  });
}

function offlinePage() {
  return caches.match(OFFLINE_URL, { cacheName: STATIC }).then(function (page) {
    return page || Response.error();
  });
}

function page(event) {
  var request = event.request;
  var network = fromNetwork(request);
  // Whenever the answer comes, even after the copy kept was shown, it is kept.
  event.waitUntil(network.then(function (got) { return got.stored; }, function () {}));
  var answer = network.then(function (got) { return got.response; });
  var tooLong = new Promise(function (done) { setTimeout(done, NETWORK_WAIT_MS); })
    .then(function () { return keptPage(request.url); })
    .then(function (kept) { return kept || answer; });  // nothing kept: the answer it is
  return Promise.race([answer, tooLong]).catch(function () {
    return keptPage(request.url).then(function (kept) { return kept || offlinePage(); });
  });
}

// -- Static files --------------------------------------------------------------------------
function asset(request) {
  return caches.open(STATIC).then(function (cache) {
    return cache.match(request).then(function (hit) {
      if (hit) return hit;
      return fetch(request).then(function (response) {
        if (response.ok) cache.put(request, response.clone());
        return response;
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;  // a POST is never kept nor answered from here
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf(CONFIG.staticPrefix) === 0 || url.pathname === CONFIG.manifestUrl) {
    event.respondWith(asset(request));
  } else if (request.mode === "navigate") {
    event.respondWith(page(event));
  }
});

// A page changed by the script (a hole saved through htmx shows the new scoreboard
// without loading a page): the page asks for its new copy to be kept.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (!data.refresh) return;
  var url = new URL(data.refresh, self.location.origin);
  if (url.origin !== self.location.origin) return;
  event.waitUntil(fetch(url.href, { credentials: "same-origin" }).then(function (response) {
    return noteViewer(response.headers.get(VIEWER)).then(function () { return keep(response); });
  }).catch(function () { /* no signal: the copy kept stays */ }));
});
