// The projector's slides turn every few seconds (the next address and the seconds come
// from the page); the "Pause the slides" button stops them (WCAG 2.2.2). Phone-width
// screens do not turn by themselves: the "Next" link turns them.
// The announcements show one at a time in a band of bounded height, turning every few
// seconds (counted from the clock, so the next slide goes on where this one stopped),
// so that the seating and standings keep their room on a 1280×720 projector ("2 of 5"
// beside the text). "Pause the slides" pauses them too. On a phone they do not turn by
// themselves: the "2 of 5 — next" button shows the next one.
(function () {
  "use strict";
  var TURN_MS = 6000;
  // The words come from Django's JavaScript catalog (/jsi18n/LANG/, loaded first); English
  // without it.
  var gettext = window.gettext || function (s) { return s; };
  var interpolate = window.interpolate || function (fmt, obj) {
    return fmt.replace(/%\(\w+\)s/g, function (m) { return String(obj[m.slice(2, -2)]); });
  };

  function slides() {
    var main = document.getElementById("main");
    if (!main || window.matchMedia("(max-width: 45rem)").matches) return;
    var next = main.getAttribute("data-next");
    var seconds = Number(main.getAttribute("data-seconds")) || 15;
    var button = document.getElementById("pause");
    var timer = null;
    function start() { timer = setTimeout(function () { location.href = next; }, seconds * 1000); }
    start();
    if (!button) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      var paused = timer !== null;
      if (paused) { clearTimeout(timer); timer = null; } else { start(); }
      button.setAttribute("aria-pressed", paused ? "true" : "false");
    });
  }

  function announcements() {
    var band = document.querySelector(".announcement-band");
    var button = document.getElementById("announcement-next");
    if (!band || !button) return;
    // A phone shows the newest first and turns only when asked (nothing moves under a
    // reader's thumb); the projector turns by itself.
    var phone = window.matchMedia("(max-width: 45rem)").matches;
    var turn = phone ? 0 : Math.floor(Date.now() / TURN_MS);
    var stopped = phone;

    function show() {
      var items = band.querySelectorAll("#announcements .announcements > li");
      var many = items.length > 1;
      band.classList.toggle("turning", many);
      button.hidden = !many;
      if (!many) return;
      var at = turn % items.length;
      var of = interpolate(gettext("%(number)s of %(count)s"),
        { number: at + 1, count: items.length }, true);
      for (var i = 0; i < items.length; i++) {
        items[i].classList.toggle("shown", i === at);
        items[i].setAttribute("data-of", of);
      }
      button.textContent = interpolate(gettext("%(which)s — next"), { which: of }, true);
    }

    function paused() {
      var pause = document.getElementById("pause");
      return stopped || (pause && pause.getAttribute("aria-pressed") === "true");
    }

    show();
    setInterval(function () { if (!paused()) { turn++; show(); } }, TURN_MS);
    button.addEventListener("click", function () { stopped = true; turn++; show(); });
    // The list is asked for again every 30 seconds (htmx): show the turn at once.
    document.body.addEventListener("htmx:afterSettle", show);
  }

  // The standings fill the screen: what the header, the announcements' band, the clock and
  // the footer leave, in rows of one line (a long name's row counts as two, as the server
  // counts it). The server guessed for a 1280x720 screen; when the room holds a different
  // number of rows, the page is asked for again with ?rows=N (the first page of the
  // division: the pages after it follow with the same N), once.
  function fit() {
    var main = document.getElementById("main");
    if (!main) return;
    var fits = measure(main);
    var url = new URL(location.href);
    // Asked already (no loop), or what the server sent holds: the page stays.
    if (fits === null || fits === Number(main.getAttribute("data-rows")) ||
        url.searchParams.get("rows") === String(fits)) {
      main.setAttribute("data-fitted", "");
      return;
    }
    url.searchParams.set("rows", String(fits));
    url.searchParams.set("p", "0");
    location.replace(url.toString());
  }

  // How many one-line standings rows the screen holds (null: no standings, or a phone).
  function measure(main) {
    var table = main.querySelector(":scope > table");
    if (!table || !table.tBodies.length || !table.tBodies[0].rows.length) return null;
    if (window.matchMedia("(max-width: 45rem)").matches) return null;
    var rows = table.tBodies[0].rows;
    var line = Infinity;
    for (var i = 0; i < rows.length; i++) line = Math.min(line, rows[i].getBoundingClientRect().height);
    // The room is the screen less what is above the rows and what is below the table's
    // row: the QR code beside the table (find-my-table) may be taller than a short page.
    var top = table.tBodies[0].getBoundingClientRect().top + window.scrollY;
    var bottom = main.getBoundingClientRect().bottom + window.scrollY;
    var after = table.nextElementSibling;
    while (after && after.classList.contains("find-qr")) after = after.nextElementSibling;
    var below = parseFloat(getComputedStyle(main).paddingBottom) || 0;
    if (after) {
      below = bottom - (after.getBoundingClientRect().top + window.scrollY) +
        (parseFloat(getComputedStyle(after).marginTop) || 0);
    }
    var room = window.innerHeight - top - below - 2;
    return Math.max(1, Math.floor(room / line));
  }

  function run() { announcements(); slides(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
  else run();
  // Measured once everything is in place: the clock's script (loaded after this one) has
  // drawn the clock, the announcements turn in their band.
  if (document.readyState === "complete") fit();
  else window.addEventListener("load", fit);
})();
