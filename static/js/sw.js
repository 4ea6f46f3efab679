/* The service worker: the last good copy of a table's page, for a reload while the
   network is down. Served at /sw.js (scope "/") and registered by static/js/offline.js,
   only in a secure context — https, or http://localhost / 127.0.0.1. Browsers refuse
   service workers on the plain-http hall network (`make venue`): there the waiting games
   still survive in localStorage (static/js/outbox.js), but a reload needs the network.

   What it keeps, network first, answering from the copy only when the network fails:
   - the scorekeepers' table pages (/e/EVENT/tables/ID/) and the players' table page
     (/t/CODE/), one copy per page address (its query left out);
   - the style sheets and scripts under /static/ those pages use.
   What it never keeps: answers to a POST, any other page (nor, at those addresses, a page
   without the offline note: a player choosing their name), a page the server did not
   answer with 200 (signed out, code revoked: the copy is dropped then). Signing in or
   out (a POST to the sign-in or sign-out address) drops every copy, so a shared tablet
   never shows one person's pages to the next. */
"use strict";

var CACHE = "rummikub-offline-v1";
var PAGES = [/^\/e\/[^/]+\/tables\/\d+\/$/, /^\/t\/[^/]+\/$/];
var STATIC = /^\/static\/(js|css)\/[^/]+$/;
var SIGN_IN_OUT = /^\/(login|logout|admin\/login|admin\/logout)\/$/;
// Only a page that carries the offline note (templates/_offline_copy.html) is kept: at
// those addresses the server also shows other pages (a player choosing their name).
var MARK = 'id="offline-copy"';

function isPage(path) {
  return PAGES.some(function (re) { return re.test(path); });
}

/* A page's copy is kept under its address without the query (?game=2, ?saved=…): one
   copy per table, the latest the server sent. */
function pageKey(url) {
  var u = new URL(url, self.location.origin);
  return u.origin + u.pathname;
}

/* Collected static files carry a hash in their name (outbox.1a2b3c4d5e6f.js): a newer one
   replaces the older copies of the same file. */
function plainName(path) {
  return path.replace(/\.[0-9a-f]{12}(\.[a-z]+)$/, "$1");
}

function forgetAll() {
  return caches.delete(CACHE);
}

function keep(key, response) {
  // Same-origin answers ("basic") and pages handed over by a page ("default") only.
  if (response.status !== 200 || (response.type !== "basic" && response.type !== "default")) {
    return Promise.resolve();
  }
  var isStatic = STATIC.test(new URL(key).pathname);
  return response.blob().then(function (body) {
    return (isStatic ? Promise.resolve(true) : body.text().then(function (html) {
      return html.indexOf(MARK) >= 0;
    })).then(function (wanted) { return wanted ? body : null; });
  }).then(function (body) {
    if (!body) return;  // a page that does not ask for it (choosing a name, an error)
    var headers = new Headers(response.headers);
    headers.set("X-Kept-At", new Date().toISOString());
    var copy = new Response(body, { status: 200, headers: headers });
    return caches.open(CACHE).then(function (cache) {
      if (!STATIC.test(new URL(key).pathname)) return cache.put(key, copy);
      var name = plainName(new URL(key).pathname);
      return cache.keys().then(function (requests) {
        return Promise.all(requests.filter(function (r) {
          var path = new URL(r.url).pathname;
          return r.url !== key && STATIC.test(path) && plainName(path) === name;
        }).map(function (r) { return cache.delete(r); }));
      }).then(function () { return cache.put(key, copy); });
    });
  });
}

/* A kept page with a newer sheet in place of its own: the sheet runs from '<div id="sheet"'
   to the mark after it (templates/scoring/_sheet.html); null when either lacks them. */
var SHEET_START = '<div id="sheet"';
var SHEET_END = "<!-- end of sheet -->";
function withSheet(page, sheet) {
  var a = page.indexOf(SHEET_START), b = page.indexOf(SHEET_END);
  var c = sheet.indexOf(SHEET_START), d = sheet.indexOf(SHEET_END);
  if (a < 0 || b < a || c < 0 || d < c) return null;
  return page.slice(0, a) + sheet.slice(c, d) + page.slice(b);
}

function drop(key) {
  return caches.open(CACHE).then(function (cache) { return cache.delete(key); });
}

/* The copy of a page, marked so that the page says it is an offline copy and from when
   (static/js/offline.js reads the mark). */
function offlineCopy(key) {
  return caches.open(CACHE).then(function (cache) { return cache.match(key); }).then(function (kept) {
    if (!kept) return null;
    var at = kept.headers.get("X-Kept-At") || "";
    return kept.text().then(function (html) {
      var marked = html.replace(/<html\b/i, '<html data-offline-copy="' + at.replace(/[^0-9TZ:.\-]/g, "") + '"');
      return new Response(marked, {
        status: 200,
        headers: { "Content-Type": kept.headers.get("Content-Type") || "text/html; charset=utf-8" }
      });
    });
  });
}

function page(event) {
  var key = pageKey(event.request.url);
  return fetch(event.request).then(function (response) {
    // Signed out (a redirect), a revoked code, an error: the old copy goes too.
    var ok = response.status === 200 && response.type === "basic";
    event.waitUntil(ok ? keep(key, response.clone()) : drop(key));
    return response;
  }, function (failure) {
    return offlineCopy(key).then(function (copy) {
      if (copy) return copy;
      throw failure;  // nothing kept: the browser's own "no connection" page
    });
  });
}

function staticFile(event) {
  var key = event.request.url;
  return fetch(event.request).then(function (response) {
    if (response.status === 200) event.waitUntil(keep(key, response.clone()));
    return response;
  }, function (failure) {
    return caches.open(CACHE).then(function (cache) { return cache.match(key); }).then(function (kept) {
      if (kept) return kept;
      throw failure;
    });
  });
}

self.addEventListener("install", function () { self.skipWaiting(); });

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n.indexOf("rummikub-offline") === 0 && n !== CACHE; })
      .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET") {
    // Never answered from here, never kept; signing in or out drops every copy first.
    if (request.method === "POST" && SIGN_IN_OUT.test(url.pathname)) event.waitUntil(forgetAll());
    return;
  }
  if (request.mode === "navigate" && isPage(url.pathname)) event.respondWith(page(event));
  else if (STATIC.test(url.pathname)) event.respondWith(staticFile(event));
});

/* From a page this worker did not yet control (the first visit), or after a save swapped
   in the server's newer sheet: keep that page's copy and its files.
   {keep: address, files: [addresses]} fetches them; {keep: address, html: text} stores the
   page the server just sent (no second request); {keep: address, sheet: text}, the sheet
   alone the server sent to htmx, goes into the page kept (no second request either). */
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.forget) { event.waitUntil(forgetAll()); return; }
  if (!data.keep) return;
  var key = pageKey(data.keep);
  if (new URL(key).origin !== self.location.origin || !isPage(new URL(key).pathname)) return;
  function fetchPage() {
    // Marked as the worker's own: the server shows it no message and uses none up (the
    // person's next page says "Game 2 confirmed.", not this copy; web/offline_copy.py).
    return fetch(key, {
      credentials: "same-origin", redirect: "manual", headers: { "X-Offline-Copy": "1" }
    }).then(function (response) {
      return response.status === 200 ? keep(key, response) : drop(key);
    });
  }
  function keepHtml(html) {
    return keep(key, new Response(html, {
      status: 200, headers: { "Content-Type": "text/html; charset=utf-8" }
    }));
  }
  var work;
  if (typeof data.html === "string") {
    work = keepHtml(data.html);
  } else if (typeof data.sheet === "string") {
    // The sheet alone (a save's answer to htmx): into the page kept, else fetch the page.
    work = caches.open(CACHE).then(function (cache) { return cache.match(key); }).then(function (kept) {
      if (!kept) return fetchPage();
      return kept.text().then(function (html) {
        var page = withSheet(html, data.sheet);
        return page === null ? fetchPage() : keepHtml(page);
      });
    });
  } else {
    work = fetchPage();
  }
  var files = (data.files || []).filter(function (f) {
    var u = new URL(f, self.location.origin);
    return u.origin === self.location.origin && STATIC.test(u.pathname);
  });
  event.waitUntil(Promise.all([work].concat(files.map(function (f) {
    var u = new URL(f, self.location.origin).href;
    return fetch(u).then(function (response) { return keep(u, response); });
  }))).catch(function () {}));
});
