/* Games saved while the server could not be reached: kept in this browser's localStorage
   (a reload or a closed tab keeps them) and sent again by themselves — on page load, when
   the browser says it is online again, on a timer with backoff, and with "Send now".
   No service worker: the hall network is plain http, where browsers refuse them.

   Each entry is one game of one table of one event (its form's address and game number),
   with the page's random key for that save: the server stores a key once, so sending an
   entry again never doubles a score. An entry leaves the queue only when the server says
   it is saved (or was already), or when the person chooses (keeps the other person's
   entry after a conflict, or forgets the numbers). Every word shown is in the template
   (templates/scoring/_outbox.html). */
(function () {
  "use strict";
  var STORE = "rummikub-outbox";
  var MIN_WAIT = 2000, MAX_WAIT = 60000, TIMER = 15000;
  var sending = false, wait = MIN_WAIT, retryTimer = null, problem = "";
  /* The page is being left (a reload, another page): it sends nothing more. Else the page
     being left and the page that replaces it both send a waiting game — the network can
     come back just then — and the new page, whose copy arrives second, says it "had
     already arrived" although it was this one delivery. */
  var leaving = false, leavingTimer = null;

  function box() { return document.getElementById("outbox"); }
  function word(name, values) {
    var el = box();
    var text = (el && el.getAttribute("data-" + name)) || "";
    return text.replace(/\{(\w+)\}/g, function (whole, key) {
      return values && Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : whole;
    });
  }

  function load() {
    try {
      var list = JSON.parse(window.localStorage.getItem(STORE) || "[]");
      return Array.isArray(list) ? list.filter(function (e) { return e && e.key && e.url; }) : [];
    } catch (err) { return []; }
  }
  function store(list) {
    try { window.localStorage.setItem(STORE, JSON.stringify(list)); return true; } catch (err) { return false; }
  }

  /* A random key (UUID version 4) from crypto.getRandomValues: crypto.randomUUID exists
     only in a secure context (https), and the hall's network is plain http. */
  function newKey() {
    var b = new Uint8Array(16);
    window.crypto.getRandomValues(b);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    var h = Array.prototype.map.call(b, function (x) { return (x < 16 ? "0" : "") + x.toString(16); }).join("");
    return h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" + h.slice(16, 20) + "-" + h.slice(20);
  }

  function sameGame(a, url, game) { return a.url === url && String(a.game) === String(game); }

  /* A game of a table, from its form: kept until the server has it. A newer save of the
     same game replaces a waiting one (the latest numbers typed). */
  function add(entry) {
    var list = load().filter(function (e) { return !sameGame(e, entry.url, entry.game); });
    entry.state = "waiting";
    entry.at = Date.now();
    list.push(entry);
    var kept = store(list);
    render();
    schedule(MIN_WAIT);
    return kept;
  }
  function dropGame(url, game) {
    store(load().filter(function (e) { return !sameGame(e, url, game); }));
    render();
  }
  function dropKey(key) {
    store(load().filter(function (e) { return e.key !== key; }));
    render();
  }
  function forGame(url, game) {
    return load().filter(function (e) { return sameGame(e, url, game); })[0] || null;
  }

  var RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u200f\u202b\u202e\u2067]/;  // as tournaments.text
  function valuesText(entry) {
    // A right-to-left name set apart (FSI … PDI), so its number stays after it.
    return (entry.values || []).map(function (v) {
      var name = RTL.test(v.name) ? "\u2068" + v.name + "\u2069" : v.name;
      return name + " " + v.value;
    }).join(", ");
  }

  function render() {
    var el = box();
    if (!el) return;
    var list = load();
    var waiting = list.filter(function (e) { return e.state !== "attention"; });
    var attention = list.filter(function (e) { return e.state === "attention"; });
    el.hidden = list.length === 0 && !el.querySelector("[data-outbox-last]").textContent;
    var lines = [];
    if (waiting.length === 1) lines.push(word("one"));
    else if (waiting.length > 1) lines.push(word("many", { n: waiting.length }));
    if (attention.length === 1) lines.push(word("attention-one"));
    else if (attention.length > 1) lines.push(word("attention-many", { n: attention.length }));
    el.querySelector("[data-outbox-summary]").textContent = lines.join(" ");
    var problemLine = el.querySelector("[data-outbox-problem]");
    problemLine.textContent = waiting.length ? problem : "";
    problemLine.hidden = !problemLine.textContent;
    if (problem === word("signed-out") && waiting.length) {
      var a = document.createElement("a");
      a.href = word("login") + "?next=" + encodeURIComponent(window.location.pathname);
      a.className = "button"; a.textContent = problem;
      problemLine.textContent = ""; problemLine.appendChild(a);
    }
    var ul = el.querySelector("[data-outbox-list]");
    ul.innerHTML = "";
    list.forEach(function (entry) {
      var li = document.createElement("li");
      li.setAttribute("data-outbox-key", entry.key);
      var what = document.createElement("span");
      what.textContent = word("item", { table: entry.table, game: entry.game, values: valuesText(entry) });
      li.appendChild(what);
      if (entry.state === "attention") {
        var why = document.createElement("p");
        why.textContent = entry.message || word("conflict");
        li.appendChild(why);
        var actions = document.createElement("p");
        actions.className = "row-actions";
        var open = document.createElement("a");
        open.className = "button";
        // change=1: a game waiting for confirmation opens as a form too.
        open.href = entry.page + "?game=" + entry.game + "&change=1&outbox=" + entry.key;
        open.textContent = word("open", { table: entry.table, game: entry.game });
        var forget = document.createElement("button");
        forget.type = "button"; forget.className = "secondary";
        forget.textContent = word("forget");
        forget.addEventListener("click", function () {
          if (window.confirm(word("forget-sure", { table: entry.table, game: entry.game, values: valuesText(entry) }))) {
            dropKey(entry.key);
          }
        });
        // Already open here (the conflict is shown below): no link to this same page.
        // A replaced code's page opens nothing: the message says to open the new code; nor
        // does a table whose scores this person may no longer enter (the message says to
        // give the numbers to the desk: they stay listed until forgotten).
        if (window.location.search.indexOf("outbox=" + entry.key) < 0 && !entry.moved && !entry.denied) actions.appendChild(open);
        actions.appendChild(forget);
        li.appendChild(actions);
      }
      ul.appendChild(li);
    });
    el.querySelector("[data-outbox-send]").hidden = waiting.length === 0;
    markNav(list);
  }

  /* The games of this page's table that wait, tagged in the list of games. */
  function markNav(list) {
    var form = document.querySelector("form.game-form");
    var url = form ? form.getAttribute("action") : null;
    Array.prototype.forEach.call(document.querySelectorAll(".games-nav a[data-game]"), function (a) {
      var old = a.querySelector("[data-outbox-tag]");
      var queued = url && list.some(function (e) { return sameGame(e, url, a.getAttribute("data-game")); });
      // The game's own tag ("to enter") gives way to "waiting to be sent" meanwhile.
      Array.prototype.forEach.call(a.querySelectorAll(".tag:not([data-outbox-tag])"), function (t) {
        t.hidden = !!queued;
      });
      if (queued && !old) {
        var tag = document.createElement("span");
        tag.className = "tag wait"; tag.setAttribute("data-outbox-tag", "1");
        tag.textContent = word("waiting-tag");
        a.appendChild(document.createTextNode(" ")); a.appendChild(tag);
      } else if (!queued && old) old.parentNode.removeChild(old);
    });
  }

  function token() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function schedule(ms) {
    if (retryTimer) window.clearTimeout(retryTimer);
    retryTimer = window.setTimeout(function () { retryTimer = null; send(); }, ms);
  }

  function tell(text) {
    var el = box();
    if (!el) return;
    el.querySelector("[data-outbox-last]").textContent = text;
    render();
  }

  /* Send every waiting game, one after another; stop at the first that cannot reach
     the server and try again later (longer each time, at most a minute). */
  function send() {
    if (sending || leaving) return;
    var waiting = load().filter(function (e) { return e.state !== "attention"; });
    if (!waiting.length) { wait = MIN_WAIT; return; }
    sending = true;
    var arrivedHere = [], said = [];
    var form = document.querySelector("form.game-form");
    var here = form ? form.getAttribute("action") : null;
    function next(i) {
      if (i >= waiting.length) {
        sending = false; wait = MIN_WAIT; problem = "";
        render();
        if (arrivedHere.length) refreshSheet(arrivedHere);
        return;
      }
      var entry = waiting[i];
      var body = new URLSearchParams();
      entry.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
      body.set("csrfmiddlewaretoken", token() || entry.token || "");
      body.set("save_key", entry.key);
      window.fetch(entry.url, {
        method: "POST", body: body, credentials: "same-origin", redirect: "manual",
        headers: { "X-Queued-Save": "1", "X-CSRFToken": token() || entry.token || "" }
      }).then(function (response) {
        var type = response.headers.get("Content-Type") || "";
        if (type.indexOf("application/json") < 0) return { status: response.status, json: null };
        return response.json().then(function (json) { return { status: response.status, json: json }; });
      }).then(function (answer) {
        var json = answer.json;
        if (json && (json.status === "saved" || json.status === "already")) {
          dropKey(entry.key);
          if (entry.url === here) arrivedHere.push(entry);
          // Every game this round of sending delivered is said, not only the last one.
          said.push(word(json.status === "already" ? "already" : "sent", { table: entry.table, game: entry.game }));
          tell(said.join(" "));
          next(i + 1);
        } else if (json && (json.status === "conflict" || json.status === "refused")) {
          var list = load();
          list.forEach(function (e) {
            if (e.key === entry.key) {
              e.state = "attention";
              e.message = json.status === "conflict" ? word("conflict") : json.message;
              // The table's code was replaced: its old page opens nothing any more.
              if (json.moved) e.moved = true;
              // Their role was taken away: the page opens nothing for them either.
              if (json.denied) e.denied = true;
            }
          });
          store(list);
          render();
          next(i + 1);
        } else if (answer.status === 401 || answer.status === 0 || answer.status === 302) {
          // Signed out (a redirect to the sign-in page counts too): kept, sent after.
          signedOut();
          stop(word("signed-out"), TIMER);
        } else if (answer.status === 403) {
          stop(word("stale"), TIMER);
        } else {
          stop("", backoff());
        }
      }).catch(function () { stop("", backoff()); });
    }
    function stop(why, later) {
      sending = false; problem = why;
      render();
      schedule(later);
    }
    next(0);
  }
  function backoff() { var now = wait; wait = Math.min(MAX_WAIT, wait * 2); return now; }

  /* This table's games arrived: show the sheet as the server has it, unless the person
     is typing a game (then it is shown after their save). The numbers of a game that just
     arrived, still in the form (the last game to enter was saved without a connection: the
     form had no next game to go to), are not being typed: the sheet is shown then too,
     else the page would go on saying "to enter" with the old totals. */
  function refreshSheet(arrived) {
    var form = document.querySelector("form.game-form");
    var game = form && form.querySelector("input[name=game]");
    var sent = game && (arrived || []).filter(function (e) { return String(e.game) === game.value; })[0];
    var typed = form && Array.prototype.some.call(form.querySelectorAll("input.rack"), function (i) {
      if (i.value.trim() === "") return false;
      var was = sent && sent.fields.filter(function (pair) { return pair[0] === i.name; })[0];
      return !was || String(was[1]).trim() !== i.value.trim();
    });
    if (typed || !window.htmx || !document.getElementById("sheet")) return;
    window.htmx.ajax("GET", window.location.pathname, { target: "#sheet", select: "#sheet", swap: "outerHTML" });
  }

  /* A players' page names its table (data-table-ref, whatever its code): a game of this
     table queued under a code replaced since is sent from here, with its numbers and key
     as typed — nothing typed is lost, even when the organizer gave the table a new code
     while the game waited to be sent. */
  function adopt() {
    var form = document.querySelector("form.game-form");
    var ref = form && form.getAttribute("data-table-ref");
    if (!ref) return;
    var url = form.getAttribute("action"), changed = false;
    var list = load();
    list.forEach(function (e) {
      var newer = list.some(function (o) { return o !== e && sameGame(o, url, e.game); });
      if (e.ref === ref && e.url !== url && !newer) {
        e.url = url; e.page = window.location.pathname;
        e.state = "waiting"; e.moved = false; e.message = "";
        changed = true;
      }
    });
    if (changed) store(list);
  }

  /* The sign-in ended (a save or a queued game was answered "signed out"): the page's
     header no longer says "Signed in as …" but that they are signed out, with the way to
     sign in again, which comes back to this page (and game). */
  function signedOut(game) {
    var el = box();
    var back = window.location.pathname + (game ? "?game=" + game : "");
    // Taken out, not hidden: signing in again opens a new page, which says who it is.
    Array.prototype.forEach.call(document.querySelectorAll("[data-signed-in]"), function (part) {
      part.parentNode.removeChild(part);
    });
    var note = document.querySelector("[data-signed-out-note]");
    if (!note) {
      var nav = document.querySelector("header.site nav");
      if (!nav || !el) return;
      note = document.createElement("span");
      note.setAttribute("data-signed-out-note", "1");
      note.textContent = word("header-signed-out") + " ";
      var link = document.createElement("a");
      link.textContent = word("sign-in");
      note.appendChild(link);
      nav.appendChild(note);
    }
    note.querySelector("a").href = word("login") + "?next=" + encodeURIComponent(back);
  }

  window.ScoreOutbox = {
    newKey: newKey, add: add, dropGame: dropGame, dropKey: dropKey, forGame: forGame,
    send: send, render: render, word: word, signedOut: signedOut
  };

  document.addEventListener("DOMContentLoaded", function () {
    var el = box();
    if (!el) return;
    adopt();
    render();
    el.querySelector("[data-outbox-send]").addEventListener("click", function () {
      wait = MIN_WAIT;
      send();
    });
    send();
  });
  window.addEventListener("beforeunload", function () {
    leaving = true;
    // A navigation stopped before it went anywhere: this page sends again after a while.
    if (leavingTimer) window.clearTimeout(leavingTimer);
    leavingTimer = window.setTimeout(function () { leaving = false; send(); }, 10000);
  });
  window.addEventListener("pagehide", function () { leaving = true; });
  window.addEventListener("pageshow", function (e) {
    if (e.persisted) { leaving = false; send(); }  // back from the browser's page cache
  });
  window.addEventListener("online", function () { wait = MIN_WAIT; send(); });
  window.setInterval(function () { if (!retryTimer) send(); }, TIMER);
  // Another tab of this browser queued or sent a game: show the list as it is.
  window.addEventListener("storage", function (e) { if (e.key === STORE) render(); });
})();
