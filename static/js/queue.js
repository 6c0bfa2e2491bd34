/* Holes saved with no signal wait on the phone and are sent when the site answers.

   A save that does not reach the site is kept in the phone's IndexedDB, with the
   form's one-time token, and the phone goes to the scoreboard it keeps (the service
   worker, templates/offline/sw.js). The scoreboard lists the holes waiting, with
   the cards as entered: they are scored by the site when they arrive, never here.
   They are sent in hole order when the page opens, when the phone says it is back
   online, and again and again (waiting longer each time) while the site does not
   answer. The token makes a hole sent twice count once. A hole the site refuses
   stays on the phone with the site's message, to be corrected or, once confirmed,
   discarded. Without this file (or without IndexedDB) a save with no signal is
   said to have failed, as before (static/js/scoresheet.js).
   The holes kept belong to the session that kept them (the page names it:
   <meta name="golf-viewer">), not to the phone: a page of another session (a
   log-out, someone else's log-in) neither shows, nor sends, nor deletes them. */
(function () {
  "use strict";
  if (!window.indexedDB || !window.fetch || !window.isSecureContext) return;
  var named = document.querySelector('meta[name="golf-viewer"]');
  var viewer = named && named.content;
  if (!viewer) return;

  // -- The phone's store: one record a hole, under its token -------------------------------
  function store(mode, work) {
    return new Promise(function (done, failed) {
      var opening = indexedDB.open("golf-queue", 1);
      opening.onupgradeneeded = function () {
        opening.result.createObjectStore("holes", { keyPath: "token" });
      };
      opening.onerror = function () { failed(opening.error); };
      opening.onsuccess = function () {
        var step = opening.result.transaction("holes", mode);
        var asked = work(step.objectStore("holes"));
        step.oncomplete = function () {
          opening.result.close();
          done(asked ? asked.result : undefined);
        };
        step.onerror = function () { failed(step.error); };
      };
    });
  }
  // This session's holes (another's are left as they are).
  function ours() {
    return store("readonly", function (holes) { return holes.getAll(); }).then(function (all) {
      return all.filter(function (hole) { return hole.viewer === viewer; });
    });
  }
  function queued(action) {
    return ours().then(function (all) {
      return all.filter(function (hole) { return hole.action === action; })
        .sort(function (a, b) { return a.number - b.number; });
    });
  }
  function put(hole) { return store("readwrite", function (holes) { holes.put(hole); }); }
  function drop(token) {
    return store("readwrite", function (holes) {
      var found = holes.get(token);
      found.onsuccess = function () {
        if (found.result && found.result.viewer === viewer) holes.delete(token);
      };
    });
  }

  // (Not a form that needs the site to answer, as one seat's cards for the table's
  // shared draft of a hole do: nothing of it waits on the phone.)
  function formOf() { return document.querySelector(".hole-form:not([data-online-only])"); }
  function actionOf(form) { return new URL(form.action, location.href).pathname; }
  function boardUrl(action) { return action.replace(/holes\/new\/$/, ""); }
  function fresh() {
    return window.crypto && crypto.randomUUID ? crypto.randomUUID() : null;
  }

  // -- The hole form: a save with no signal is kept ---------------------------------------------
  function keepHole(form) {
    var fields = [];
    new FormData(form).forEach(function (value, name) { fields.push([name, String(value)]); });
    var kind = form.querySelector('input[name="kind"]:checked');
    var totals = kind && kind.value === "totals";
    var players = [];
    form.querySelectorAll(".entry").forEach(function (entry) {
      var box = entry.querySelector(totals ? ".total-entry input" : "input.notation");
      players.push({
        name: entry.querySelector("h2").firstChild.textContent.trim(),
        entered: box ? box.value.trim() : "",
      });
    });
    var out = form.querySelector('input[name="went_out"]:checked');
    var hole = {
      token: form.querySelector('input[name="token"]').value,
      viewer: viewer,
      action: actionOf(form),
      number: Number(form.querySelector('input[name="number"]').value),
      fields: fields,
      players: players,
      totals: !!totals,
      wentOut: out && out.value ? out.closest("label").textContent.trim() : "",
      state: "waiting",
      message: "",
    };
    return put(hole).then(function () {
      // What was typed is kept in the queue now, not as a draft of the form.
      var drafts = "golf-draft:" + hole.action;
      try {
        for (var i = localStorage.length - 1; i >= 0; i--) {
          var key = localStorage.key(i);
          if (key && key.indexOf(drafts) === 0) localStorage.removeItem(key);
        }
      } catch (e) { /* no storage: no drafts */ }
      var replaced = form.dataset.replaces;
      return replaced && replaced !== hole.token ? drop(replaced) : null;
    }).then(function () {
      return boardKept(boardUrl(hole.action));
    }).then(function (kept) {
      // To the scoreboard, where the holes waiting are listed, if the phone keeps it.
      if (kept) {
        location.href = boardUrl(hole.action);
        return;
      }
      // Else the form stays, saying so; it sends itself when the phone is back
      // online (static/js/scoresheet.js), so the queue leaves it to the form while
      // the form is open. Changed after this, it is the player's to save again:
      // the copy kept is dropped.
      heldHere = hole.token;
      var said = document.querySelector("#save-problem [role=alert]");
      if (said) said.appendChild(line("p", "It is kept on this phone, and sent by itself " +
        "when the site answers, even if this page is closed."));
      function changed() {
        form.removeEventListener("input", changed);
        form.removeEventListener("change", changed);
        heldHere = null;
        drop(hole.token);
      }
      form.addEventListener("input", changed);
      form.addEventListener("change", changed);
    });
  }
  function boardKept(path) {
    if (!window.caches) return Promise.resolve(false);
    var url = new URL(path, location.href).href;
    return caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("golf-pages-") === 0;
      }).map(function (name) {
        return caches.open(name).then(function (cache) { return cache.match(url, { ignoreVary: true }); });
      }));
    }).then(function (found) { return found.some(Boolean); });
  }
  document.addEventListener("htmx:sendError", function (event) {
    var button = event.detail.elt;
    if (!button.hasAttribute || !button.hasAttribute("data-save") || !button.form) return;
    if (button.form.hasAttribute("data-online-only")) return;
    if (button.form.querySelector('input[name="revision"]').value) return;  // a correction
    keepHole(button.form).catch(function () { /* not kept: the form says it was not saved */ });
  });

  // A hole form opened while holes wait (the copy kept, with no signal): it is for
  // the hole after them, with a token of its own. Or a waiting hole opened to be
  // corrected: its cards are put back.
  function setUpForm() {
    var form = formOf();
    if (!form || form.golfQueue || form.querySelector('input[name="revision"]').value) return;
    form.golfQueue = true;
    var action = actionOf(form);
    var number = form.querySelector('input[name="number"]');
    var token = form.querySelector('input[name="token"]');
    var correcting = new URLSearchParams(location.search).get("queued");
    queued(action).then(function (holes) {
      var mine = holes.filter(function (hole) { return hole.token === correcting; })[0];
      if (mine) {
        form.dataset.replaces = mine.token;
        mine.fields.forEach(function (field) {
          var name = field[0], value = field[1];
          if (/^(grid_|total_)/.test(name)) form.elements[name].value = value;
          if (name === "kind" || name === "went_out") {
            form.querySelectorAll('input[name="' + name + '"]').forEach(function (radio) {
              radio.checked = radio.value === value;
            });
          }
          var box = form.elements[name];
          if (box && box.dispatchEvent) box.dispatchEvent(new Event("golf:reread"));
        });
      }
      var others = holes.filter(function (hole) { return hole !== mine; });
      var next = others.length ? others[others.length - 1].number + 1 : Number(number.value);
      if (next > Number(number.value)) renumber(form, number, next);
      var used = holes.some(function (hole) { return hole.token === token.value; });
      if (used && fresh()) token.value = fresh();
    });
  }
  function renumber(form, number, next) {
    var old = number.value;
    number.value = String(next);
    var heading = document.querySelector("main h1");
    if (heading && heading.firstChild) heading.firstChild.textContent = "Hole " + next + " ";
    var save = form.querySelector("[data-save]");
    if (save) save.textContent = save.textContent.replace(old, String(next));
    document.title = document.title.replace("Hole " + old, "Hole " + next);
    // Who deals is the site's to say: not shown until it can.
    var turn = document.querySelector(".turn");
    if (turn) turn.hidden = true;
  }

  // -- The scoreboard: the holes waiting, and sending them -------------------------------------
  // (Looked up each time: a save through htmx puts a new scoreboard in.)
  function placeOf() { return document.getElementById("queued"); }
  var wait = 2000;
  var heldHere = null;  // the token of a hole kept while its form stays open here
  var timer = null;
  var sending = false;

  function line(tag, text, className) {
    var element = document.createElement(tag);
    element.textContent = text;
    if (className) element.className = className;
    return element;
  }
  function show(holes) {
    var place = placeOf();
    if (!place) return;
    place.innerHTML = "";
    place.hidden = !holes.length;
    if (!holes.length) return;
    place.appendChild(line("h2", "Waiting to be sent"));
    place.appendChild(line("p", "Kept on this phone, to be scored when back online. " +
      "They are sent by themselves, in order, as soon as the site answers.", "help"));
    holes.forEach(function (hole) {
      var item = document.createElement("section");
      item.className = "queued__hole" + (hole.state === "refused" ? " queued__hole--refused" : "");
      item.appendChild(line("h3", "Hole " + hole.number));
      var list = document.createElement("ul");
      hole.players.forEach(function (player) {
        var row = document.createElement("li");
        row.appendChild(line("span", player.name + ": "));
        row.appendChild(line(hole.totals ? "span" : "code", player.entered || "(nothing entered)"));
        list.appendChild(row);
      });
      item.appendChild(list);
      if (hole.wentOut) item.appendChild(line("p", "Went out first: " + hole.wentOut + "."));
      if (hole.state === "refused") {
        var problem = line("p", "Not saved: " + hole.message, "field-error");
        problem.setAttribute("role", "alert");
        item.appendChild(problem);
        var actions = document.createElement("div");
        actions.className = "actions";
        var correct = line("a", "Correct hole " + hole.number, "button");
        correct.href = hole.action + "?queued=" + encodeURIComponent(hole.token);
        actions.appendChild(correct);
        var discard = line("button", "Discard hole " + hole.number + "…", "button--quiet");
        discard.type = "button";
        discard.addEventListener("click", function () {
          if (!window.confirm("Discard hole " + hole.number + " as entered on this phone? " +
            "It was never saved, and cannot be brought back.")) return;
          drop(hole.token).then(refresh);
        });
        actions.appendChild(discard);
        item.appendChild(actions);
      } else {
        item.appendChild(line("p", "Waiting to be sent.", "help"));
      }
      place.appendChild(item);
    });
  }
  function refresh() {
    var place = placeOf();
    return place ? queued(place.dataset.queue).then(show) : Promise.resolve();
  }

  // What the site said of a hole it did not save: the form's problems, or the
  // scoreboard's notice (saved already from another phone).
  function refusal(html) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var said = [];
    page.querySelectorAll(".hole-form .errorlist li, [role=alert] p:not(.problem-index)")
      .forEach(function (item) {
        var text = item.textContent.trim();
        var entry = item.closest(".entry");
        var who = entry ? entry.querySelector("h2").firstChild.textContent.trim() + ": " : "";
        if (text && said.indexOf(who + text) < 0) said.push(who + text);
      });
    return said.join(" ") || "the site did not accept it.";
  }

  function send(hole) {
    var body = new URLSearchParams();
    hole.fields.forEach(function (field) { body.append(field[0], field[1]); });
    return fetch(hole.action, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "HX-Request": "true", "X-Golf-Queued-For": hole.viewer },
    }).then(function (response) {
      if (response.headers.get("X-Golf-Saved")) return drop(hole.token).then(function () { return true; });
      if (response.status >= 500) throw new Error("not now");
      // Kept under another session than the one the site now knows (this page is a
      // copy kept from before a log-out): not this session's to send, so it waits,
      // untouched, for its own.
      if (response.status === 409) return false;
      return response.text().then(function (html) {
        hole.state = "refused";
        hole.message = response.ok ? refusal(html) : "the site refused it (error " + response.status + ").";
        return put(hole).then(function () { return false; });
      });
    });
  }

  // Send this session's waiting holes of every match, each match's in hole order, stopping at
  // one refused (those after it would be refused for coming too early).
  function sendAll() {
    if (sending) return;
    sending = true;
    clearTimeout(timer);
    var sent = 0;
    ours().then(function (all) {
      all.sort(function (a, b) { return a.action < b.action ? -1 : a.action > b.action ? 1 : a.number - b.number; });
      var stopped = {};
      return all.reduce(function (chain, hole) {
        return chain.then(function () {
          if (hole.token === heldHere) return null;
          if (stopped[hole.action] || hole.state === "refused") {
            stopped[hole.action] = true;
            return null;
          }
          return send(hole).then(function (saved) {
            if (saved) sent += 1;
            else stopped[hole.action] = true;
          });
        });
      }, Promise.resolve()).then(function () { return all.length; });
    }).then(function () {
      sending = false;
      wait = 2000;
      if (sent && placeOf()) location.reload();
      else refresh();
    }, function () {
      // The site did not answer: again later, waiting longer each time (at most a minute).
      sending = false;
      timer = setTimeout(sendAll, wait);
      wait = Math.min(wait * 2, 60000);
      refresh();
    });
  }

  setUpForm();
  document.body.addEventListener("htmx:afterSwap", function () {
    setUpForm();
    refresh();
  });
  // A corrected hole saved: the one it replaces goes. (Told by the request: htmx
  // tells the scoreboard that took the save button's place.)
  var correction = null;
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (elt.hasAttribute("data-save") && elt.form && elt.form.dataset.replaces) {
      correction = { xhr: event.detail.xhr, token: elt.form.dataset.replaces };
    }
  });
  document.body.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (!correction || xhr !== correction.xhr) return;
    if (xhr.getResponseHeader("X-Golf-Saved")) drop(correction.token).then(refresh);
    correction = null;
  });
  // The form's own save, sent again when the signal came back, got through.
  document.body.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (heldHere && xhr.getResponseHeader && xhr.getResponseHeader("X-Golf-Saved")) {
      drop(heldHere);
      heldHere = null;
    }
  });
  refresh();
  window.addEventListener("online", sendAll);
  sendAll();
})();
