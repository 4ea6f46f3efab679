// The player's own page follows the day by itself: every few seconds it asks for its live
// part with the version it shows (If-None-Match). The server answers "not modified" (one
// query) until something the page shows changed, then sends the part, which replaces the
// old one. A page in the background asks nothing; shown again, it asks at once.
(function () {
  "use strict";
  var box = document.getElementById("live");
  if (!box || !window.fetch) return;
  var url = box.getAttribute("data-live-url");
  var etag = box.getAttribute("data-etag");
  var seconds = Number(box.getAttribute("data-seconds")) || 15;
  var asking = false;

  function swap(html) {
    var parsed = new DOMParser().parseFromString(html, "text/html");
    box.replaceChildren.apply(box, Array.prototype.slice.call(parsed.body.childNodes));
  }

  function ask() {
    if (asking || document.visibilityState === "hidden") return;
    asking = true;
    fetch(url, { headers: { "If-None-Match": etag }, cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status !== 200) return null;
        var tag = response.headers.get("ETag");
        return response.text().then(function (html) {
          if (tag) etag = tag;
          return html;
        });
      })
      .then(function (html) {
        if (html) {
          swap(html);
          box.setAttribute("data-etag", etag);
        }
      })
      .catch(function () { /* the hall's wifi dropped: the next turn asks again */ })
      .then(function () { asking = false; });
  }

  setInterval(ask, seconds * 1000);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") ask();
  });
})();
