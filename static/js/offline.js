/* A table page's offline copy, for a reload while the hall's wifi is down. In a secure
   context (https, or http://localhost) this registers the service worker (static/js/sw.js,
   served at /sw.js) that keeps the last good copy of this page for a reload while the
   network is down, and hands it the newer page the server sends after each save. On the
   plain-http hall network browsers refuse service workers: nothing is registered, and the
   waiting games are kept by static/js/outbox.js alone.

   A page the worker answered from its copy carries data-offline-copy (when it was kept) on
   <html>: the note above the sheet says so, and says when the connection is back.
   Every word shown is in templates/_offline_copy.html. */
(function () {
  "use strict";
  var script = document.currentScript;

  function note() { return document.getElementById("offline-copy"); }
  function word(el, name, values) {
    var text = el.getAttribute("data-" + name) || "";
    return text.replace(/\{(\w+)\}/g, function (whole, key) {
      return values && Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : whole;
    });
  }

  function showCopy(at) {
    var el = note();
    if (!el) return;
    var when = new Date(at);
    var time = isNaN(when.getTime()) ? "" : when.toLocaleTimeString([], { hour: "numeric", minute: "2-digit" });
    el.querySelector("[data-offline-copy-text]").textContent = word(el, time ? "copy" : "copy-no-time", { time: time });
    el.hidden = false;
  }
  function showBack() {
    var el = note();
    if (!el || el.hidden) return;
    el.querySelector("[data-offline-copy-text]").textContent = word(el, "back");
    el.querySelector("[data-offline-copy-reload]").hidden = false;
  }

  document.addEventListener("DOMContentLoaded", function () {
    var at = document.documentElement.getAttribute("data-offline-copy");
    if (at === null) return;
    showCopy(at);
    var reload = note() && note().querySelector("[data-offline-copy-reload] button");
    if (reload) reload.addEventListener("click", function () { window.location.reload(); });
  });
  // The connection is back (the browser says so, or the server answered one of the page's
  // requests): the waiting games go by themselves (outbox.js); the latest page is one tap
  // away.
  window.addEventListener("online", showBack);
  document.addEventListener("htmx:afterRequest", function (e) {
    if (e.detail && e.detail.successful) showBack();
  });

  if (!window.isSecureContext || !("serviceWorker" in navigator) || !script) return;
  var worker = script.getAttribute("data-service-worker");
  if (!worker) return;

  function here() { return window.location.origin + window.location.pathname; }
  function files() {
    var found = [];
    Array.prototype.forEach.call(document.querySelectorAll("script[src], link[rel=stylesheet][href]"), function (el) {
      found.push(el.src || el.href);
    });
    return found;
  }

  navigator.serviceWorker.register(worker, { scope: "/" }).then(function () {
    // This visit came from the network before the worker controlled the page: the worker
    // fetches the page and its files once, to have them for a reload without network.
    if (navigator.serviceWorker.controller) return;
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage({ keep: here(), files: files() });
    });
  }).catch(function () { /* offline, or refused: the page works as on plain http */ });

  /* After a save (or the outbox's refresh) the server sent this table's newer page, or its
     newer sheet alone: that becomes the copy, with no second request. Only this page's own address, only a page
     that has its sheet; a refused save (the form with its problems) is not kept. */
  document.addEventListener("htmx:afterRequest", function (e) {
    var controller = navigator.serviceWorker.controller;
    var xhr = e.detail && e.detail.xhr;
    if (!controller || !e.detail.successful || !xhr || xhr.status !== 200) return;
    var answered;
    try { answered = new URL(xhr.responseURL); } catch (err) { return; }
    if (answered.origin + answered.pathname !== here()) return;
    var verb = ((e.detail.requestConfig && e.detail.requestConfig.verb) || "").toLowerCase();
    if (verb !== "get" && !/[?&]saved=/.test(answered.search)) return;
    var html = xhr.responseText || "";
    if (html.indexOf('id="sheet"') < 0) return;
    // The whole page, or (htmx asked for it) the sheet alone, which the worker puts into
    // the page it keeps.
    if (html.indexOf("<html") < 0) controller.postMessage({ keep: here(), sheet: html });
    else controller.postMessage({ keep: here(), html: html });
  });
})();
