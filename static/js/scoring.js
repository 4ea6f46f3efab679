/* Score entry: the tile calculator, errors in words at once, one save per tap.
   Everything here is help on top of a plain form: the server checks again. */
(function () {
  "use strict";
  var MAX_RACK = 788, JOKER = 30;
  var COLOURS = ["black", "red", "blue", "orange"];

  function playerName(input) { return input.getAttribute("data-player") || "This player"; }

  function setFieldError(input, message) {
    var box = document.getElementById(input.id + "-error");
    if (box) box.textContent = message || "";
    if (message) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  }

  function parseRack(input) {
    var text = input.value.trim();
    if (text === "") return { empty: true };
    if (!/^\d+$/.test(text)) {
      return { error: playerName(input) + ": '" + text + "' is not a whole number of points." };
    }
    var value = parseInt(text, 10);
    if (value > MAX_RACK) {
      return { error: playerName(input) + ": " + value + " is more than any rack can hold (at most " + MAX_RACK + ")." };
    }
    return { value: value };
  }

  function validate(form, showEmpty) {
    var inputs = Array.prototype.slice.call(form.querySelectorAll("input.rack"));
    var problems = [], values = [], fieldErrors = {};
    inputs.forEach(function (input) {
      var parsed = parseRack(input);
      if (parsed.error) fieldErrors[input.id] = parsed.error;
      else if (parsed.empty) {
        if (input.required && showEmpty) fieldErrors[input.id] = "Enter " + playerName(input) + "'s rack total (0 if out).";
      } else values.push({ input: input, value: parsed.value });
    });
    var complete = Object.keys(fieldErrors).length === 0 && values.length === inputs.filter(function (i) { return i.required; }).length;
    if (complete && values.length >= 2) {
      var ended = (form.querySelector("input[name=ended]:checked") || {}).value || "";
      var zeros = values.filter(function (v) { return v.value === 0; });
      var sum = values.reduce(function (a, v) { return a + v.value; }, 0);
      if (sum > MAX_RACK) problems.push("The rack totals add up to " + sum + ", more than all 106 tiles together (" + MAX_RACK + "): one of them is wrong.");
      if (ended === "exhausted") {
        zeros.forEach(function (z) { fieldErrors[z.input.id] = playerName(z.input) + " has 0, but the pool was exhausted: a player with 0 went out."; });
        var lowest = Math.min.apply(null, values.map(function (v) { return v.value; }));
        var tied = values.filter(function (v) { return v.value === lowest; });
        var winner = form.querySelector("select[name=winner]");
        if (tied.length > 1 && winner && !winner.value) {
          problems.push(tied.map(function (t) { return playerName(t.input); }).join(" and ") + " tie for the lowest rack (" + lowest + ") on an exhausted pool: choose the winner the table named.");
        }
      } else if (zeros.length > 1) {
        var who = zeros.map(function (z) { return playerName(z.input); }).join(" and ");
        zeros.forEach(function (z) { fieldErrors[z.input.id] = who + " all have 0: only one player can go out."; });
      } else if (zeros.length === 0) {
        problems.push("Nobody has 0, so nobody went out: if the pool ran out, choose 'Pool exhausted'.");
      }
    }
    var plus = form.querySelector("input[name=winner_plus]");
    if (plus) {
      var plusError = "";
      if (complete && values.length >= 2 && !problems.length && !Object.keys(fieldErrors).length) {
        plusError = checkBalance(form, values, plus);
      }
      setFieldError(plus, plusError);
      if (plusError) fieldErrors[plus.id] = plusError;
    }
    inputs.forEach(function (input) { setFieldError(input, fieldErrors[input.id]); });
    renderSummary(form, problems, fieldErrors);
    return problems.length === 0 && Object.keys(fieldErrors).length === 0;
  }

  /* The summary above the form: the whole game's problems; after a refused save, every
     field's too (each once, linked to its field), as the server lists them. */
  function renderSummary(form, problems, fieldErrors) {
    var box = form.querySelector("[data-game-errors]");
    if (!box) return;
    var items = problems.map(function (p) { return { message: p, target: "" }; });
    if (form.dataset.refused === "1") {
      var seen = {};
      problems.forEach(function (p) { seen[p] = true; });
      Array.prototype.forEach.call(form.querySelectorAll("input.rack, input[name=winner_plus]"), function (input) {
        var message = fieldErrors[input.id];
        if (message && !seen[message]) { seen[message] = true; items.push({ message: message, target: input.id }); }
      });
    }
    var list = box.querySelector("ul");
    list.innerHTML = "";
    items.forEach(function (item) {
      var li = document.createElement("li");
      if (item.target) {
        var a = document.createElement("a");
        a.href = "#" + item.target; a.textContent = item.message;
        li.appendChild(a);
      } else li.textContent = item.message;
      list.appendChild(li);
    });
    box.hidden = items.length === 0;
  }

  /* A refused save: the summary lists everything, and the keyboard and the eyes go to it. */
  function showRefusal(form) {
    form.dataset.refused = "1";
    validate(form, true);
    var box = form.querySelector("[data-game-errors]");
    if (box && !box.hidden) {
      box.scrollIntoView({ block: "start" });
      box.focus({ preventScroll: true });
    }
  }

  /* Sabra: the winner's plus written on the sheet must equal what the losers lost. */
  function checkBalance(form, values, plus) {
    var text = plus.value.trim();
    if (text === "") return "";
    if (!/^\d+$/.test(text)) return "'" + text + "' is not a whole number of points.";
    var ended = (form.querySelector("input[name=ended]:checked") || {}).value || "";
    var winner = null;
    if (ended === "exhausted") {
      var named = (form.querySelector("select[name=winner]") || {}).value;
      var lowest = Math.min.apply(null, values.map(function (v) { return v.value; }));
      winner = values.filter(function (v) {
        return named ? v.input.id === "id_rack_" + named : v.value === lowest;
      })[0];
    } else {
      winner = values.filter(function (v) { return v.value === 0; })[0];
    }
    if (!winner) return "";
    var expected = values.reduce(function (a, v) { return v === winner ? a : a + v.value - winner.value; }, 0);
    var off = parseInt(text, 10) - expected;
    if (off === 0) return "";
    return "The points add up to " + (off > 0 ? "+" : "") + off + ", not 0: under Sabra scoring the winner's " +
      "plus must equal the losers' minus. From the racks, the winner's plus is " + expected + ".";
  }

  function buildCalculator(panel, input, opener) {
    var counts = {}, jokers = 0;
    panel.innerHTML = "";
    var heading = document.createElement("p");
    heading.innerHTML = "<strong></strong>";
    heading.firstChild.textContent = "Tiles left on " + playerName(input) + "'s rack: tap each one.";
    panel.appendChild(heading);
    var totalLine = document.createElement("p");
    totalLine.className = "calc-total";
    totalLine.setAttribute("aria-live", "polite");
    var picked = document.createElement("ul");
    picked.className = "picked";
    picked.setAttribute("aria-label", "Tiles counted");
    var buttons = {};

    function total() {
      var sum = jokers * JOKER;
      Object.keys(counts).forEach(function (key) { sum += counts[key] * parseInt(key.split("-")[1], 10); });
      return sum;
    }
    function refresh() {
      totalLine.textContent = "Total: " + total();
      Object.keys(buttons).forEach(function (key) {
        var n = key === "joker" ? jokers : (counts[key] || 0);
        var b = buttons[key];
        b.querySelector(".count").textContent = n ? "×" + n : "";
        b.disabled = n >= 2;
        b.setAttribute("aria-label", b.getAttribute("data-label") + (n ? ", " + n + " counted" : ""));
      });
      picked.innerHTML = "";
      Object.keys(counts).concat(jokers ? ["joker"] : []).forEach(function (key) {
        var n = key === "joker" ? jokers : counts[key];
        for (var i = 0; i < n; i++) {
          var li = document.createElement("li"), b = document.createElement("button");
          b.type = "button";
          b.textContent = (key === "joker" ? "Joker" : key.replace("-", " ")) + " ✕";
          b.setAttribute("aria-label", "Take off " + (key === "joker" ? "a joker" : key.replace("-", " ")));
          b.addEventListener("click", (function (k) { return function () {
            if (k === "joker") jokers--; else { counts[k]--; if (!counts[k]) delete counts[k]; }
            refresh();
          }; })(key));
          li.appendChild(b); picked.appendChild(li);
        }
      });
    }
    COLOURS.forEach(function (colour) {
      var label = document.createElement("p");
      label.textContent = colour.charAt(0).toUpperCase() + colour.slice(1);
      label.className = "help";
      panel.appendChild(label);
      var grid = document.createElement("div");
      grid.className = "tile-grid";
      for (var n = 1; n <= 13; n++) {
        var key = colour + "-" + n, b = document.createElement("button");
        b.type = "button"; b.className = "tile " + colour;
        b.setAttribute("data-label", colour + " " + n);
        b.innerHTML = n + '<span class="count" aria-hidden="true"></span>';
        b.addEventListener("click", (function (k) { return function () {
          if ((counts[k] || 0) < 2) { counts[k] = (counts[k] || 0) + 1; refresh(); }
        }; })(key));
        buttons[key] = b; grid.appendChild(b);
      }
      panel.appendChild(grid);
    });
    var jokerButton = document.createElement("button");
    jokerButton.type = "button"; jokerButton.className = "tile joker";
    jokerButton.setAttribute("data-label", "joker (30 points)");  // holds the visible "Joker (30)"
    jokerButton.innerHTML = 'Joker (30)<span class="count" aria-hidden="true"></span>';
    jokerButton.addEventListener("click", function () { if (jokers < 2) { jokers++; refresh(); } });
    buttons.joker = jokerButton;
    panel.appendChild(jokerButton);
    panel.appendChild(totalLine);
    panel.appendChild(picked);
    var actions = document.createElement("div");
    actions.className = "row-actions";
    var use = document.createElement("button");
    use.type = "button"; use.className = "calc-use"; use.textContent = "Use this total";
    use.addEventListener("click", function () {
      input.value = String(total());
      close(panel, opener);
      input.focus();
      validate(input.form, false);
    });
    var cancel = document.createElement("button");
    cancel.type = "button"; cancel.className = "secondary"; cancel.textContent = "Close without using";
    cancel.addEventListener("click", function () { close(panel, opener); opener.focus(); });
    actions.appendChild(use); actions.appendChild(cancel);
    panel.appendChild(actions);
    panel.addEventListener("keydown", function (e) { if (e.key === "Escape") { close(panel, opener); opener.focus(); } });
    refresh();
  }

  function close(panel, opener) { panel.hidden = true; opener.setAttribute("aria-expanded", "false"); }

  function init(root) {
    Array.prototype.forEach.call(root.querySelectorAll("form.game-form"), function (form) {
      if (form.dataset.ready) return;
      form.dataset.ready = "1";
      Array.prototype.forEach.call(form.querySelectorAll(".calc-open"), function (opener) {
        opener.hidden = false;
        var panel = document.getElementById(opener.getAttribute("aria-controls"));
        var input = document.getElementById(panel.getAttribute("data-for"));
        opener.addEventListener("click", function () {
          if (!panel.hidden) { close(panel, opener); return; }
          buildCalculator(panel, input, opener);
          panel.hidden = false;
          opener.setAttribute("aria-expanded", "true");
          panel.querySelector("button").focus();
        });
      });
      // Errors change while typing and when a choice is tapped, never when a field is
      // left: leaving a field is what tapping Save does, and a message appearing or going
      // then would move the button from under the finger (the tap would save nothing).
      form.addEventListener("input", function (e) {
        if (e.target.tagName === "INPUT" && e.target.type === "text") {
          validate(form, form.dataset.refused === "1");
        }
      });
      form.addEventListener("change", function (e) {
        if (e.target.type === "radio" || e.target.tagName === "SELECT") {
          validate(form, form.dataset.refused === "1");
        }
      });
      form.addEventListener("click", function (e) {
        var link = e.target.closest("[data-game-errors] a[href^='#']");
        if (!link) return;
        var field = document.getElementById(link.getAttribute("href").slice(1));
        if (field) { e.preventDefault(); field.focus(); }
      });
      var saving = false;
      function guard(e) {
        if (!validate(form, true)) {
          e.preventDefault();
          showRefusal(form);
          return;
        }
        if (saving) { e.preventDefault(); return; }
        saving = true;
        var button = form.querySelector("button.save");
        if (button) {
          button.setAttribute("data-text", button.textContent);
          button.disabled = true; button.textContent = "Saving…";
        }
      }
      form.addEventListener("submit", guard);
      form.addEventListener("htmx:beforeRequest", function (e) {
        if (!validate(form, true)) { e.preventDefault(); showRefusal(form); }
      });
      form.addEventListener("htmx:afterRequest", function (e) {
        saving = false;
        if (e.detail.successful) return;
        // Not saved: say so in words and let the scorekeeper try again.
        var status = e.detail.xhr ? e.detail.xhr.status : 0;
        var button = form.querySelector("button.save");
        if (button) { button.disabled = false; button.textContent = button.getAttribute("data-text") || "Save"; }
        var box = form.querySelector("[data-game-errors]");
        if (!box) return;
        var p = document.createElement("li");
        p.textContent = status === 0
          ? "Not saved: the server could not be reached. Check the connection, then save again."
          : status === 403
            ? "Not saved: the server refused it (you may no longer enter scores for this event, or this page is too old). Reload the page and try again, or ask the organizer."
            : "Not saved: the server had a problem (error " + status + "). Save again; if it keeps failing, keep the paper sheet and tell the organizer.";
        var list = box.querySelector("ul");
        list.innerHTML = ""; list.appendChild(p); box.hidden = false;
        box.scrollIntoView({ block: "start" });
        box.focus({ preventScroll: true });
      });
    });
  }

  // Signed out meanwhile: the answer to a save is the login page, with no sheet to swap
  // in. Go there (as without JavaScript) rather than blank the sheet.
  document.addEventListener("htmx:beforeSwap", function (e) {
    var xhr = e.detail.xhr;
    if (e.detail.target && e.detail.target.id === "sheet" && xhr.status < 300 &&
        xhr.responseText.indexOf('id="sheet"') === -1) {
      e.detail.shouldSwap = false;
      window.location.assign(xhr.responseURL || window.location.href);
    }
  });
  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:afterSwap", function (e) { init(document); });
  document.addEventListener("htmx:afterSettle", function (e) {
    // The sheet was replaced after a save: put the keyboard on the first problem, else
    // on the next game's first rack (not at the top of the page, nor on a radio).
    var sheet = document.getElementById("sheet");
    if (!sheet || e.target !== sheet) return;
    var active = document.activeElement;
    if (active && active !== document.body && !sheet.contains(active)) return;
    var summary = sheet.querySelector("form.game-form [data-game-errors]:not([hidden])");
    if (summary) {
      summary.scrollIntoView({ block: "start" });
      summary.focus({ preventScroll: true });
      return;
    }
    var next = sheet.querySelector("form.game-form input.rack");
    if (next) next.focus();
  });
})();
