// The round clock: counts down to the server's end time, corrected for this device's
// clock (the server sends its "now"), and asks the server again every 30 seconds (the
// organizer may pause it, start it again or add minutes). It only shows time: nothing
// here touches a score or stops anyone entering one.
(function () {
  "use strict";
  var POLL_MS = 30000;
  // The words come from Django's JavaScript catalog (/jsi18n/LANG/, loaded before this
  // file); without it (the hall's wifi dropped while loading), English.
  var gettext = window.gettext || function (s) { return s; };
  var ngettext = window.ngettext || function (s, p, n) { return n === 1 ? s : p; };
  var interpolate = window.interpolate || function (fmt, obj) {
    return fmt.replace(/%\(\w+\)s/g, function (m) { return String(obj[m.slice(2, -2)]); });
  };
  function say(text, values) { return interpolate(text, values, true); }

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  function inWords(seconds) {
    seconds = Math.max(0, seconds);
    var hours = Math.floor(seconds / 3600);
    var minutes = Math.floor((seconds % 3600) / 60);
    var rest = seconds % 60;
    return hours ? hours + ":" + pad(minutes) + ":" + pad(rest) : minutes + ":" + pad(rest);
  }

  function start(box) {
    var digits = box.querySelector("[data-clock-digits]");
    var up = box.querySelector("[data-clock-up]");
    var end = box.querySelector("[data-clock-end]");
    // The projector: the tables given extra minutes, each its own time once the round's is up.
    var tables = box.querySelector("[data-clock-tables]");
    var state = null;

    function apply(data) {
      if (!data || !data.started) { state = null; box.hidden = true; return; }
      state = {
        endMs: data.end_ms,
        offset: data.now_ms - Date.now(),
        paused: !!data.paused,
        left: data.left,
        endText: data.end_text,
        extra: data.extra_minutes || 0,
        table: data.table_number || null
      };
      box.hidden = false;
      render();
    }

    function render() {
      if (!state) return;
      var left = state.paused ? state.left
        : Math.ceil((state.endMs - (Date.now() + state.offset)) / 1000);
      var over = left <= 0;
      digits.textContent = inWords(left);
      digits.hidden = over;
      up.hidden = !over;
      box.classList.toggle("up", over);
      box.classList.toggle("paused", state.paused);
      // A table's own clock whose round is over at the other tables: say it plainly.
      var extraTime = !state.paused && state.extra && state.table && left > 0 &&
        left <= state.extra * 60;
      var text;
      if (state.paused) text = say(gettext("Clock paused: %(left)s left"), { left: inWords(left) });
      else if (over) text = say(gettext("Time was up at %(at)s"), { at: state.endText });
      else if (extraTime) {
        text = say(ngettext(
          "Table %(table)s: %(left)s left. The round's time is up at the other tables; this table was given %(minutes)s extra minute.",
          "Table %(table)s: %(left)s left. The round's time is up at the other tables; this table was given %(minutes)s extra minutes.",
          state.extra),
          { table: state.table, left: inWords(left), minutes: state.extra });
      } else text = say(gettext("Ends at %(at)s"), { at: state.endText });
      if (state.extra && !extraTime) {
        text += " " + say(ngettext("(%(minutes)s extra minute for this table)",
          "(%(minutes)s extra minutes for this table)", state.extra), { minutes: state.extra });
      }
      end.textContent = text;
      if (tables) renderTables(left, over);
    }

    function renderTables(left, over) {
      var rows = tables.querySelectorAll("[data-clock-table]");
      var playing = 0;
      for (var i = 0; i < rows.length; i++) {
        var extra = Number(rows[i].getAttribute("data-extra")) || 0;
        var own = left + extra * 60;
        var number = rows[i].getAttribute("data-number");
        rows[i].textContent = over
          ? say(gettext("Table %(table)s: %(left)s left"), { table: number, left: inWords(own) })
          : say(gettext("Table %(table)s: +%(minutes)s min"), { table: number, minutes: extra });
        rows[i].hidden = over && own <= 0;
        if (!rows[i].hidden) playing++;
      }
      tables.querySelector("[data-clock-tables-head]").textContent =
        over ? gettext("Still playing:") : gettext("Extra minutes:");
      tables.classList.toggle("playing", over);
      tables.hidden = !playing;
    }

    function poll() {
      var url = box.getAttribute("data-clock-url");
      if (!url || !window.fetch) return;
      // In the page's language (the projector's may be the event's, not the browser's).
      var headers = { Accept: "application/json" };
      if (document.documentElement.lang) headers["Accept-Language"] = document.documentElement.lang;
      fetch(url, { headers: headers, credentials: "same-origin" })
        .then(function (response) { return response.ok ? response.json() : { started: false }; })
        .then(function (data) {
          apply(data);
          // A table's page compares its scores with the answer's (static/js/scoring.js).
          document.dispatchEvent(new CustomEvent("clock:answer", { detail: data }));
        })
        .catch(function () { /* the hall's wifi dropped: keep counting, ask again later */ });
    }

    if (box.getAttribute("data-started")) {
      apply({
        started: true,
        end_ms: Number(box.getAttribute("data-end-ms")),
        now_ms: Number(box.getAttribute("data-now-ms")),
        paused: box.hasAttribute("data-paused"),
        left: Number(box.getAttribute("data-left")),
        end_text: box.getAttribute("data-end-text"),
        extra_minutes: Number(box.getAttribute("data-extra")),
        table_number: box.getAttribute("data-table-number")
      });
    }
    setInterval(render, 1000);
    setInterval(poll, Number(box.getAttribute("data-poll-ms")) || POLL_MS);
  }

  function all() {
    var boxes = document.querySelectorAll("[data-clock]");
    for (var i = 0; i < boxes.length; i++) start(boxes[i]);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", all);
  else all();
})();
