/* Score entry: the tile calculator, errors in words at once, one save per tap.
   Everything here is help on top of a plain form: the server checks again, with the same
   rules and the same words — the limits and messages come from the engine through the
   page ("entry-rules"), never copied here. */
(function () {
  "use strict";
  // Words in the page's language from Django's JavaScript catalog (/jsi18n/LANG/, loaded
  // by base.html); English when it could not be loaded.
  var gettext = window.gettext || function (s) { return s; };
  var ngettext = window.ngettext || function (s, p, n) { return n === 1 ? s : p; };
  var interpolate = window.interpolate || function (fmt, obj) {
    return fmt.replace(/%\((\w+)\)s/g, function (whole, key) { return String(obj[key]); });
  };
  function js(text, values) { return interpolate(text, values || {}, true); }
  // The tiles' colours (the engine's keys, also the buttons' classes) in words.
  var COLOUR_WORDS = {
    black: gettext("black"), red: gettext("red"), blue: gettext("blue"), orange: gettext("orange")
  };
  function colourWord(colour) { return COLOUR_WORDS[colour] || colour; }
  function tileWords(key) {  // "red-7" -> "red 7" in the page's language
    var parts = key.split("-");
    return js(gettext("%(colour)s %(number)s"), { colour: colourWord(parts[0]), number: parts[1] });
  }
  var RULES = null;
  function rules() {
    if (!RULES) {
      var source = document.getElementById("entry-rules");
      RULES = source ? JSON.parse(source.textContent) : null;
    }
    return RULES;
  }
  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (whole, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : whole;
    });
  }
  function say(key, values) { return fill(rules().messages[key], values || {}); }
  function formSay(key, values) { return fill(rules().form[key], values || {}); }

  function playerName(input) { return input.getAttribute("data-player") || gettext("This player"); }
  /* A right-to-left name set apart (FSI … PDI) in a sentence, as the server does
     (tournaments.text.isolate): its direction cannot take the numbers after it. */
  var RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u200f\u202b\u202e\u2067]/;
  function isolate(name) { return RTL.test(name) ? "\u2068" + name + "\u2069" : name; }
  function nameInWords(input) { return isolate(playerName(input)); }

  /* After a refused save nothing above Save may get shorter while the numbers are put
     right (a tap aimed at Save would land elsewhere): a box keeps the height it had, until
     the next Save (keepHeightsUntilSave / releaseHeights). */
  function keepHeight(form, box) {
    if (!form || form.dataset.refused !== "1" || box.hidden) return;
    var height = box.getBoundingClientRect().height;
    if (height > (parseFloat(box.style.minHeight) || 0)) {
      box.style.minHeight = height + "px";
      box.setAttribute("data-kept-height", "1");
    }
  }
  function releaseHeights(form) {
    Array.prototype.forEach.call(form.querySelectorAll("[data-kept-height]"), function (box) {
      box.style.minHeight = ""; box.removeAttribute("data-kept-height");
    });
    form.dataset.shown = "[]";
  }

  /* While a save is on its way the game's fields do not change: what is sent is what the
     page showed when Save was tapped, and a number typed meanwhile cannot be lost when the
     next game's form comes back. readOnly, not disabled: htmx does not send disabled
     fields. A choice (radio, list) has no readOnly: a change to it is undone. */
  function lockForm(form) {
    form.dataset.saving = "1";
    form.setAttribute("aria-busy", "true");
    var snapshot = {};
    Array.prototype.forEach.call(form.querySelectorAll("input:not([type=hidden]), select"), function (field) {
      if (field.type === "radio") snapshot[field.id] = field.checked;
      else if (field.tagName === "SELECT") snapshot[field.id] = field.value;
      else if (!field.readOnly) { field.readOnly = true; field.setAttribute("data-locked", "1"); }
    });
    form._snapshot = snapshot;
  }
  function unlockForm(form) {
    delete form.dataset.saving;
    form.removeAttribute("aria-busy");
    Array.prototype.forEach.call(form.querySelectorAll("[data-locked]"), function (field) {
      field.readOnly = false; field.removeAttribute("data-locked");
    });
    form._snapshot = null;
  }
  function undoWhileSaving(form, field) {
    var snapshot = form._snapshot;
    if (!form.dataset.saving || !snapshot || !(field.id in snapshot)) return false;
    if (field.type === "radio") {
      Array.prototype.forEach.call(form.querySelectorAll("input[type=radio]"), function (r) {
        if (r.id in snapshot) r.checked = snapshot[r.id];
      });
    } else field.value = snapshot[field.id];
    return true;
  }

  function setFieldError(input, messages) {
    var box = document.getElementById(input.id + "-error");
    var text = (messages || []).join(" ");
    if (box) { keepHeight(input.form, box); box.textContent = text; }
    if (text) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  }

  /* engine.parse_rack_total: a message, or the value. */
  function parseNumber(text) {
    if (!/^[+-]?[0-9]+$/.test(text)) {
      // A thousands separator or a decimal has words of its own (engine.NUMBER_SHAPES).
      var shapes = rules().number_shapes || {}, shape = "not_number";
      Object.keys(shapes).some(function (key) {
        if (new RegExp("^(?:" + shapes[key] + ")$").test(text)) { shape = key; return true; }
        return false;
      });
      var shown = text.length <= 20 ? text : text.slice(0, 20) + "\u2026";
      return { error: say(shape, { text: shown, max: rules().max_rack }) };
    }
    var value = parseInt(text, 10);
    if (value < 0) return { error: say("negative", { value: value }) };
    if (value > rules().max_rack) return { error: say("too_big", { value: value, max: rules().max_rack }) };
    return { value: value === 0 ? 0 : value };  // "-0" is 0
  }

  function parseRack(input) {
    var text = input.value.trim();
    if (text === "") return { empty: true };
    var parsed = parseNumber(text);
    if (parsed.error) parsed.error = formSay("field", { name: nameInWords(input), message: parsed.error });
    return parsed;
  }

  /* engine.validate_game, step by step in the same order: the reasons for the whole game,
     and for each player's field the reasons that concern it. Returns the winner too. */
  function checkGame(entries, ended, named) {
    var reasons = [], fields = {}, R = rules();
    function add(message, concerned) {
      if (concerned && concerned.length) {
        concerned.forEach(function (e) { (fields[e.input.id] = fields[e.input.id] || []).push(message); });
      } else reasons.push(message);
    }
    // A problem with the named winner shows beside the choice of winner (as the server does).
    function aboutWinner(message) { (fields.id_winner = fields.id_winner || []).push(message); }
    function who(list) { return list.map(function (e) { return e.name; }).join(" " + gettext("and") + " "); }
    var result = { reasons: reasons, fields: fields, winner: null };
    if (entries.length < 2) { add(say("too_few")); return result; }
    var total = entries.reduce(function (a, e) { return a + e.value; }, 0);
    if (total > R.max_rack) add(say("sum_too_big", { total: total, max: R.max_rack }));
    var zeros = entries.filter(function (e) { return e.value === 0; });
    if (!ended) {
      if (!zeros.length) { add(say("nobody_out")); return result; }
      ended = R.out;
    }
    if (ended === R.out) {
      if (zeros.length > 1) add(say(zeros.length === 2 ? "both_zero" : "all_zero", { who: who(zeros) }), zeros);
      else if (!zeros.length) add(say("out_without_zero"));
      else if (named && named !== zeros[0]) aboutWinner(say("out_not_winner", { out: zeros[0].name, winner: named.name }));
      result.winner = zeros[0] || null;
      return result;
    }
    if (zeros.length) add(say("zero_exhausted", { who: who(zeros) }), zeros);
    if (reasons.length || Object.keys(fields).length) return result;
    var lowest = Math.min.apply(null, entries.map(function (e) { return e.value; }));
    var tied = entries.filter(function (e) { return e.value === lowest; });
    if (!named) {
      if (tied.length > 1) add(say("tie_exhausted", { who: who(tied), lowest: lowest }), tied);
      else result.winner = tied[0];
    } else if (tied.indexOf(named) < 0) {
      aboutWinner(say("not_lowest", { winner: named.name, value: named.value, lowest: lowest }));
    } else result.winner = named;
    return result;
  }

  /* typing: the box being typed in, which is not said to be empty (it was emptied to
     type the right number; the message would move Save down meanwhile). */
  function validate(form, showEmpty, typing) {
    var inputs = Array.prototype.slice.call(form.querySelectorAll("input.rack"));
    var problems = [], entries = [], fieldErrors = {};
    inputs.forEach(function (input) {
      var parsed = parseRack(input);
      if (parsed.error) fieldErrors[input.id] = [parsed.error];
      else if (parsed.empty) {
        if (input.required && showEmpty && input !== typing) fieldErrors[input.id] = [formSay("required", { name: nameInWords(input) })];
      } else entries.push({ input: input, name: nameInWords(input), value: parsed.value });
    });
    var required = inputs.filter(function (i) { return i.required; });
    var complete = Object.keys(fieldErrors).length === 0 &&
      required.every(function (i) { return entries.some(function (e) { return e.input === i; }); });
    var game = null;
    if (complete) {
      var ended = (form.querySelector("input[name=ended]:checked") || {}).value || "";
      var select = form.querySelector("select[name=winner]");
      var named = select && select.value
        ? entries.filter(function (e) { return e.input.id === "id_rack_" + select.value; })[0] || null
        : null;
      game = checkGame(entries, ended, named);
      problems = game.reasons;
      Object.keys(game.fields).forEach(function (id) { fieldErrors[id] = game.fields[id]; });
    }
    var plus = form.querySelector("input[name=winner_plus]");
    if (plus) {
      var plusError = "";
      if (game && game.winner && !problems.length && !Object.keys(fieldErrors).length) {
        plusError = checkBalance(entries, game.winner, plus);
      }
      fieldErrors[plus.id] = plusError ? [plusError] : [];
      setFieldError(plus, fieldErrors[plus.id]);
      if (!plusError) delete fieldErrors[plus.id];
    }
    inputs.forEach(function (input) { setFieldError(input, fieldErrors[input.id]); });
    var winnerChoice = form.querySelector("select[name=winner]");
    if (winnerChoice) setFieldError(winnerChoice, fieldErrors[winnerChoice.id]);
    renderSummary(form, problems, fieldErrors);
    return problems.length === 0 && Object.keys(fieldErrors).length === 0;
  }

  /* Sabra: the winner's plus written on the sheet must equal what the losers lost. */
  function checkBalance(entries, winner, plus) {
    var text = plus.value.trim();
    if (text === "") return "";
    var parsed = parseNumber(text);
    if (parsed.error) return parsed.error;
    var expected = entries.reduce(function (a, e) { return e === winner ? a : a + e.value - winner.value; }, 0);
    var off = parsed.value - expected;
    if (off === 0) return "";
    return formSay("plus_expected", {
      message: say("balance", { total: (off > 0 ? "+" : "") + off }),
      expected: expected
    });
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
      Array.prototype.forEach.call(form.querySelectorAll("input.rack, select[name=winner], input[name=winner_plus]"), function (input) {
        (fieldErrors[input.id] || []).forEach(function (message) {
          if (!seen[message]) { seen[message] = true; items.push({ message: message, target: input.id }); }
        });
      });
      // What the refusal listed stays listed until the next Save, each put right marked
      // so (and the box keeps its height): the Save button does not move while typing.
      keepHeight(form, box);
      var shown = shownSince(form, box), now = {};
      items.forEach(function (item) { now[item.message] = item; });
      var merged = shown.map(function (item) {
        return now[item.message] || { message: item.message, target: item.target, fixed: true };
      });
      items.forEach(function (item) {
        if (!shown.some(function (old) { return old.message === item.message; })) {
          merged.push(item);
          shown.push({ message: item.message, target: item.target });
        }
      });
      form.dataset.shown = JSON.stringify(shown);
      items = merged;
    }
    var list = box.querySelector("ul");
    list.innerHTML = "";
    items.forEach(function (item) {
      var li = document.createElement("li");
      if (item.fixed) {
        li.className = "fixed";
        li.textContent = "\u2713 " + js(gettext("Fixed: %(message)s"), { message: item.message });
      } else if (item.target) {
        var a = document.createElement("a");
        a.href = "#" + item.target; a.textContent = item.message;
        li.appendChild(a);
      } else li.textContent = item.message;
      list.appendChild(li);
    });
    box.hidden = items.length === 0;
  }

  /* The messages listed since the last Save: the page's own, or the server's refusal
     as the page was answered with it. */
  function shownSince(form, box) {
    if (form.dataset.shown) return JSON.parse(form.dataset.shown);
    if (box.hidden) return [];
    return Array.prototype.map.call(box.querySelectorAll("li"), function (li) {
      var a = li.querySelector("a[href^='#']");
      return { message: li.textContent.trim(), target: a ? a.getAttribute("href").slice(1) : "" };
    });
  }

  /* A refused save: the summary lists everything, and the keyboard and the eyes go to it. */
  function showRefusal(form) {
    releaseHeights(form);
    form.dataset.refused = "1";
    validate(form, true);
    var box = form.querySelector("[data-game-errors]");
    if (box && !box.hidden) {
      box.scrollIntoView({ block: "start" });
      box.focus({ preventScroll: true });
    }
  }

  /* Tiles counted so far, per page, game and player: reopening the calculator (or the
     page's sheet being replaced after a refused save) shows them again. */
  var kept = {};
  function calculatorState(form, input) {
    var game = (form.querySelector("input[name=game]") || {}).value || "";
    var key = window.location.pathname + "|" + game + "|" + input.id;
    return kept[key] || (kept[key] = { counts: {}, jokers: 0 });
  }

  function buildCalculator(panel, input, opener) {
    var R = rules(), state = calculatorState(input.form, input);
    var counts = state.counts;
    panel.innerHTML = "";
    var heading = document.createElement("p");
    heading.innerHTML = "<strong></strong>";
    heading.firstChild.textContent = js(gettext("Tiles left on %(name)s's rack: tap each one."), { name: nameInWords(input) });
    panel.appendChild(heading);
    var totalLine = document.createElement("p");
    totalLine.className = "calc-total";
    totalLine.setAttribute("aria-live", "polite");
    var picked = document.createElement("ul");
    picked.className = "picked";
    picked.setAttribute("aria-label", gettext("Tiles counted"));
    var buttons = {};

    function total() {
      var sum = state.jokers * R.joker;
      Object.keys(counts).forEach(function (key) { sum += counts[key] * parseInt(key.split("-")[1], 10); });
      return sum;
    }
    function refresh() {
      totalLine.textContent = js(gettext("Total: %(total)s"), { total: total() });
      Object.keys(buttons).forEach(function (key) {
        var n = key === "joker" ? state.jokers : (counts[key] || 0);
        var limit = key === "joker" ? R.jokers : R.copies;
        var b = buttons[key];
        b.querySelector(".count").textContent = n ? "×" + n : "";
        // aria-disabled, not disabled: a disabled button drops the keyboard's focus.
        if (n >= limit) b.setAttribute("aria-disabled", "true"); else b.removeAttribute("aria-disabled");
        var said = b.getAttribute("data-said");
        b.setAttribute("aria-label", n ? js(ngettext("%(tile)s, %(n)s counted", "%(tile)s, %(n)s counted", n), { tile: said, n: n }) : said);
      });
      picked.innerHTML = "";
      Object.keys(counts).concat(state.jokers ? ["joker"] : []).forEach(function (key) {
        var n = key === "joker" ? state.jokers : counts[key];
        for (var i = 0; i < n; i++) {
          var li = document.createElement("li"), b = document.createElement("button");
          b.type = "button";
          b.textContent = (key === "joker" ? gettext("Joker") : tileWords(key)) + " ✕";
          b.setAttribute("aria-label", key === "joker" ? gettext("Take off a joker") : js(gettext("Take off %(tile)s"), { tile: tileWords(key) }));
          b.addEventListener("click", (function (k) { return function () {
            if (k === "joker") state.jokers--; else { counts[k]--; if (!counts[k]) delete counts[k]; }
            refresh();
            panel.querySelector(".calc-total").focus();
          }; })(key));
          li.appendChild(b); picked.appendChild(li);
        }
      });
    }
    totalLine.tabIndex = -1;
    R.colours.forEach(function (colour) {
      var label = document.createElement("p");
      var word = colourWord(colour);
      label.textContent = word.charAt(0).toUpperCase() + word.slice(1);
      label.className = "help";
      panel.appendChild(label);
      var grid = document.createElement("div");
      grid.className = "tile-grid";
      R.numbers.forEach(function (n) {
        var key = colour + "-" + n, b = document.createElement("button");
        b.type = "button"; b.className = "tile " + colour;
        b.setAttribute("data-label", colour + " " + n);  // a key (tests, English); said: data-said
        b.setAttribute("data-said", tileWords(key));
        b.innerHTML = n + '<span class="count" aria-hidden="true"></span>';
        b.addEventListener("click", (function (k) { return function () {
          if ((counts[k] || 0) < R.copies) { counts[k] = (counts[k] || 0) + 1; refresh(); }
        }; })(key));
        buttons[key] = b; grid.appendChild(b);
      });
      panel.appendChild(grid);
    });
    var jokerButton = document.createElement("button");
    jokerButton.type = "button"; jokerButton.className = "tile joker";
    jokerButton.setAttribute("data-label", "joker (" + R.joker + " points)");
    jokerButton.setAttribute("data-said", js(gettext("joker (%(points)s points)"), { points: R.joker }));
    jokerButton.textContent = js(gettext("Joker (%(points)s)"), { points: R.joker });
    jokerButton.insertAdjacentHTML("beforeend", '<span class="count" aria-hidden="true"></span>');
    jokerButton.addEventListener("click", function () { if (state.jokers < R.jokers) { state.jokers++; refresh(); } });
    buttons.joker = jokerButton;
    panel.appendChild(jokerButton);
    panel.appendChild(totalLine);
    panel.appendChild(picked);
    var actions = document.createElement("div");
    actions.className = "row-actions";
    var use = document.createElement("button");
    use.type = "button"; use.className = "calc-use"; use.textContent = gettext("Use this total");
    use.addEventListener("click", function () {
      if (input.form.dataset.saving) return;  // the numbers sent stay those shown
      input.value = String(total());
      close(panel, opener);
      input.focus();
      validate(input.form, input.form.dataset.refused === "1");
    });
    var cancel = document.createElement("button");
    cancel.type = "button"; cancel.className = "secondary"; cancel.textContent = gettext("Close without using");
    cancel.addEventListener("click", function () { close(panel, opener); opener.focus(); });
    actions.appendChild(use); actions.appendChild(cancel);
    panel.appendChild(actions);
    refresh();
  }

  function close(panel, opener) { panel.hidden = true; opener.setAttribute("aria-expanded", "false"); }

  // Escape closes the open calculator and puts the keyboard back on its "Count tiles".
  document.addEventListener("keydown", function (e) {
    if (e.key !== "Escape") return;
    var open = document.querySelectorAll(".calculator:not([hidden])");
    Array.prototype.forEach.call(open, function (panel) {
      var active = document.activeElement;
      if (open.length > 1 && active && !panel.contains(active)) return;
      var opener = document.querySelector(".calc-open[aria-controls='" + panel.id + "']");
      close(panel, opener);
      if (opener) opener.focus();
      e.preventDefault();
    });
  });

  /* What was typed when a save was refused for a lost sign-in (or a page too old), kept
     in this tab's sessionStorage by event, table and game until that game is saved. */
  function gameOf(form) { return (form.querySelector("input[name=game]") || {}).value || ""; }
  function typedKey(form) { return "rummikub-typed|" + window.location.pathname + "|" + gameOf(form); }
  function keepTyped(form) {
    var data = { fields: {} };
    Array.prototype.forEach.call(form.querySelectorAll("input.rack, input[name=winner_plus], select[name=winner]"), function (input) {
      data.fields[input.id] = input.value;
    });
    var ended = form.querySelector("input[name=ended]:checked");
    data.ended = ended ? ended.id : "";
    try { window.sessionStorage.setItem(typedKey(form), JSON.stringify(data)); } catch (err) { /* private mode */ }
  }
  function forgetTyped(form) {
    try { window.sessionStorage.removeItem(typedKey(form)); } catch (err) { /* private mode */ }
  }
  function restoreTyped(form) {
    var data = null;
    try { data = JSON.parse(window.sessionStorage.getItem(typedKey(form)) || "null"); } catch (err) { data = null; }
    if (!data || !data.fields) return;
    // Only into an empty form: what the server shows (an entry saved meanwhile) wins.
    var racks = Array.prototype.slice.call(form.querySelectorAll("input.rack"));
    if (racks.some(function (input) { return input.value.trim() !== ""; })) return;
    var filled = false;
    Object.keys(data.fields).forEach(function (id) {
      var input = document.getElementById(id);
      if (input && form.contains(input) && data.fields[id] !== "") { input.value = data.fields[id]; filled = true; }
    });
    if (data.ended) {
      var radio = document.getElementById(data.ended);
      if (radio && form.contains(radio)) radio.checked = true;
    }
    if (!filled) return;
    var note = form.querySelector("[data-kept-note]");
    if (note) note.hidden = false;
    validate(form, false);
  }

  /* A save refused for a sign-in that ended (or a page opened before the last sign-in):
     said above the form with the way out, and kept there while the numbers are edited
     (the summary of the game's problems below changes with every key; this does not)
     until a save goes through and the sheet is replaced. */
  function showSignInProblem(form, signedOut) {
    var note = form.querySelector("[data-sign-in-problem]");
    if (!note) {
      note = document.createElement("div");
      note.className = "conflict";
      note.setAttribute("data-sign-in-problem", "1");
      note.setAttribute("role", "alert");
      note.tabIndex = -1;
      form.insertBefore(note, form.querySelector("[data-game-errors]"));
    }
    var p = document.createElement("p"), again = document.createElement("a");
    if (signedOut) {
      p.textContent = gettext("You were signed out. Sign in again — the numbers you typed are kept.") + " ";
      again.href = (form.getAttribute("data-login") || "/login/") + "?next=" +
        encodeURIComponent(window.location.pathname + "?game=" + gameOf(form));
      again.textContent = gettext("Sign in again");
    } else {
      p.textContent = gettext("Not saved: this page was opened before you last signed in. Open it again — the numbers you typed are kept.") + " ";
      again.href = window.location.pathname + "?game=" + gameOf(form);
      again.textContent = gettext("Open the page again");
    }
    again.className = "button";
    p.appendChild(again);
    note.innerHTML = "";
    note.appendChild(p);
    note.scrollIntoView({ block: "start" });
    note.focus({ preventScroll: true });
  }

  /* The page's random key for a save, made again whenever the numbers differ from those
     it was made for: the same numbers sent twice carry one key (stored once). */
  function typedValues(form) {
    var pairs = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken" && name !== "save_key") pairs.push([name, String(value)]);
    });
    return pairs;
  }
  function saveKey(form) {
    var input = form.querySelector("input[name=save_key]");
    if (!input || !window.ScoreOutbox || !window.crypto || !window.crypto.getRandomValues) return "";
    var values = JSON.stringify(typedValues(form));
    if (!input.value || form.dataset.keyFor !== values) {
      input.value = window.ScoreOutbox.newKey();
      form.dataset.keyFor = values;
    }
    return input.value;
  }

  /* The server could not be reached: the game is kept in this browser and sent when it
     answers again; the form goes on to the next game still to enter. */
  function queue(form) {
    var key = saveKey(form);
    if (!key) return false;
    var pairs = typedValues(form);
    var values = Array.prototype.map.call(form.querySelectorAll("input.rack"), function (input) {
      return { name: playerName(input), value: input.value.trim() };
    }).filter(function (v) { return v.value !== ""; });
    var token = form.querySelector("input[name=csrfmiddlewaretoken]");
    var kept = window.ScoreOutbox.add({
      key: key, url: form.getAttribute("action"), page: window.location.pathname,
      game: gameOf(form), table: form.getAttribute("data-table-label") || "",
      ref: form.getAttribute("data-table-ref") || "",
      fields: pairs, values: values, token: token ? token.value : ""
    });
    if (!kept) return false;  // no storage (private mode): said as before
    // An earlier "Game N saved" would stand over the game now waiting: it goes.
    Array.prototype.forEach.call(document.querySelectorAll("#sheet .messages li.success"), function (li) {
      var list = li.parentNode;
      list.removeChild(li);
      if (!list.children.length && list.parentNode) list.parentNode.removeChild(list);
    });
    forgetTyped(form);
    nextGame(form);
    var outbox = document.getElementById("outbox");
    var summary = outbox && outbox.querySelector("[data-outbox-summary]");
    if (summary) { summary.scrollIntoView({ block: "start" }); summary.focus({ preventScroll: true }); }
    return true;
  }

  function nextGame(form) {
    var current = parseInt(gameOf(form), 10);
    var url = form.getAttribute("action");
    var open = Array.prototype.filter.call(document.querySelectorAll(".games-nav a[data-open]"), function (a) {
      var n = parseInt(a.getAttribute("data-game"), 10);
      return n !== current && !window.ScoreOutbox.forGame(url, n);
    }).map(function (a) { return parseInt(a.getAttribute("data-game"), 10); });
    var later = open.filter(function (n) { return n > current; });
    var number = later.length ? later[0] : open[0];
    if (!number) {
      // Every game is entered or waiting: the form stays, emptied of nothing.
      return;
    }
    form.querySelector("input[name=game]").value = String(number);
    var version = form.querySelector("input[name=version]");
    if (version) version.value = "0";
    form.querySelector("input[name=save_key]").value = "";
    Array.prototype.forEach.call(form.querySelectorAll("input.rack, input[name=winner_plus]"), function (input) {
      input.value = ""; setFieldError(input, []);
    });
    Array.prototype.forEach.call(form.querySelectorAll("input[name=ended]"), function (r) { r.checked = false; });
    var select = form.querySelector("select[name=winner]");
    if (select) select.value = "";
    releaseHeights(form);
    delete form.dataset.refused;
    // The headings and the button say "Game N …" / "Save game N": their number changes.
    Array.prototype.forEach.call(form.parentNode.querySelectorAll("[data-game-number]"), function (el) {
      el.textContent = el.textContent.replace(/\d+/, String(number));
      if (el.hasAttribute("data-html")) el.setAttribute("data-html", el.textContent);
    });
    Array.prototype.forEach.call(document.querySelectorAll(".games-nav a[data-game]"), function (a) {
      if (parseInt(a.getAttribute("data-game"), 10) === number) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    });
    validate(form, false);
  }

  /* Opened from the list of waiting games ("?outbox=KEY"): the kept numbers go into the
     form and are saved the ordinary way, so that a conflict shows both entries. */
  function resend(form) {
    var match = /[?&]outbox=([0-9a-f-]{36})/.exec(window.location.search);
    if (!match || !window.ScoreOutbox) return;
    var entry = window.ScoreOutbox.forGame(form.getAttribute("action"), gameOf(form));
    if (!entry || entry.key !== match[1]) return;
    entry.fields.forEach(function (pair) {
      var inputs = form.querySelectorAll("[name='" + pair[0] + "']");
      Array.prototype.forEach.call(inputs, function (input) {
        if (input.type === "radio") input.checked = input.value === pair[1];
        else input.value = pair[1];
      });
    });
    form.querySelector("input[name=save_key]").value = entry.key;
    form.dataset.keyFor = JSON.stringify(typedValues(form));
    validate(form, false);
    if (form.requestSubmit) form.requestSubmit(); else form.querySelector("button.save").click();
  }

  /* The page opened on a game that is already waiting to be sent (reloaded after saving
     it without a connection, or the device's offline copy of the page): the form goes on
     to the next game still to enter, as right after the save. Not when a game was chosen
     (?game=N, ?change=1, ?outbox=KEY), nor over numbers in the boxes. */
  function skipQueued(form) {
    if (!window.ScoreOutbox || /[?&](game|change|outbox)=/.test(window.location.search)) return;
    if (!window.ScoreOutbox.forGame(form.getAttribute("action"), gameOf(form))) return;
    var typed = Array.prototype.some.call(form.querySelectorAll("input.rack"), function (input) {
      return input.value.trim() !== "";
    });
    if (!typed) nextGame(form);
  }

  function init(root) {
    // "Or press Count tiles" is said only where the button is: the script shows both.
    Array.prototype.forEach.call(root.querySelectorAll(".calc-help"), function (help) {
      help.hidden = false;
    });
    Array.prototype.forEach.call(root.querySelectorAll("form.game-form"), function (form) {
      if (form.dataset.ready) return;
      form.dataset.ready = "1";
      restoreTyped(form);
      skipQueued(form);
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
          validate(form, form.dataset.refused === "1", e.target);
        }
      });
      form.addEventListener("change", function (e) {
        if (undoWhileSaving(form, e.target)) return;
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
          if (!button.hasAttribute("data-html")) button.setAttribute("data-html", button.innerHTML);
          button.disabled = true; button.textContent = gettext("Saving…");
        }
        lockForm(form);
      }
      form.addEventListener("submit", guard);
      form.addEventListener("htmx:beforeRequest", function (e) {
        if (!validate(form, true)) { e.preventDefault(); unlockForm(form); showRefusal(form); }
      });
      form.addEventListener("htmx:configRequest", function (e) {
        // The key goes with the values it was made for (see saveKey).
        var key = saveKey(form);
        if (key && e.detail.parameters) {
          if (typeof e.detail.parameters.set === "function") e.detail.parameters.set("save_key", key);
          else e.detail.parameters.save_key = key;
        }
        form.dataset.sentGame = gameOf(form);
      });
      var keepTheirs = document.querySelector("[data-outbox-drop]");
      if (keepTheirs && window.ScoreOutbox) {
        keepTheirs.addEventListener("click", function () {
          window.ScoreOutbox.dropGame(form.getAttribute("action"), keepTheirs.getAttribute("data-outbox-drop"));
        });
      }
      form.addEventListener("htmx:afterRequest", function (e) {
        saving = false;
        // Saved: the answer's sheet replaces this form. Not saved (refused, failed,
        // timed out): the numbers can be put right again.
        unlockForm(form);
        var xhr = e.detail.xhr;
        var status = xhr ? xhr.status : 0;
        if (e.detail.successful) {
          forgetTyped(form);
          // Saved (or already saved): a queued copy of this game is not needed any more.
          var saved = /[?&]saved=/.test((xhr && xhr.responseURL) || "");
          if (saved && window.ScoreOutbox) window.ScoreOutbox.dropGame(form.getAttribute("action"), form.dataset.sentGame);
          return;
        }
        var button = form.querySelector("button.save");
        if (button && button.hasAttribute("data-html")) { button.disabled = false; button.innerHTML = button.getAttribute("data-html"); }
        if (status === 0 && window.ScoreOutbox && queue(form)) return;
        // Not saved: say so in words and let the scorekeeper try again.
        var signedOut = status === 401 || (xhr && xhr.getResponseHeader("X-Signed-Out") === "1");
        var stale = status === 403 && xhr && xhr.getResponseHeader("X-Stale-Page") === "1";
        if (signedOut || stale) {
          // Nothing typed is lost: kept in this tab until it is saved.
          keepTyped(form);
          if (signedOut && window.ScoreOutbox && window.ScoreOutbox.signedOut) window.ScoreOutbox.signedOut(gameOf(form));
          showSignInProblem(form, signedOut);
          return;
        }
        var box = form.querySelector("[data-game-errors]");
        if (!box) return;
        var p = document.createElement("li");
        p.textContent = status === 0
          ? gettext("Not saved: the server could not be reached. Check the connection, then save again.")
          : status === 403
            ? gettext("Not saved: the server refused it (you may no longer enter scores for this event, or this page is too old). Reload the page and try again, or ask the organizer.")
            : js(gettext("Not saved: the server had a problem (error %(status)s). Save again; if it keeps failing, keep the paper sheet and tell the organizer."), { status: status });
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
    if (xhr.status === 403 && xhr.getResponseHeader("X-Not-Allowed") === "1") {
      // No longer allowed here: the refusal, with the numbers sent, read-only (as
      // without JavaScript), instead of a form that cannot be saved any more.
      e.detail.shouldSwap = true;
      e.detail.isError = false;
      return;
    }
    if (e.detail.target && e.detail.target.id === "sheet" && xhr.status < 300 &&
        xhr.responseText.indexOf('id="sheet"') === -1) {
      e.detail.shouldSwap = false;
      var form = e.detail.elt && e.detail.elt.closest ? e.detail.elt.closest("form.game-form") : null;
      if (form) keepTyped(form);
      window.location.assign(xhr.responseURL || window.location.href);
    }
  });
  /* Someone else changed this table's scores meanwhile (the round clock's answer carries
     the newest change, static/js/clock.js; the sheet says which it shows): a notice with a
     button that shows the new numbers — not while numbers are typed here, which it would
     throw away. The sheet is never replaced under someone typing. */
  function typedHere() {
    var form = document.querySelector("form.game-form");
    if (!form) return false;
    return Array.prototype.some.call(form.querySelectorAll("input:not([type=hidden]), select"), function (field) {
      if (field.type === "radio") return field.checked !== field.defaultChecked;
      if (field.tagName === "SELECT") {
        return Array.prototype.some.call(field.options, function (o) { return o.selected !== o.defaultSelected; });
      }
      return field.value !== field.defaultValue;
    });
  }
  // The newest change the clock's answers told of: a sheet swapped in later hides the
  // notice only when it shows that one (or newer).
  var newestTold = 0;
  function sheetMark(sheet) { return Number(sheet.getAttribute("data-changes")) || 0; }
  document.addEventListener("clock:answer", function (e) {
    var sheet = document.getElementById("sheet");
    var notice = document.getElementById("changed-elsewhere");
    var newest = e.detail && e.detail.changes;
    if (!sheet || !notice || typeof newest !== "number") return;
    newestTold = Math.max(newestTold, newest);
    if (newest > sheetMark(sheet)) notice.hidden = false;
  });
  document.addEventListener("click", function (e) {
    var button = e.target.closest && e.target.closest("[data-show-new]");
    if (!button) return;
    var notice = document.getElementById("changed-elsewhere");
    if (typedHere()) {
      notice.querySelector("[data-changed-typed]").hidden = false;
      return;
    }
    window.location.assign(window.location.pathname);
  });
  document.addEventListener("htmx:afterSwap", function () {
    // This page's own save: its new sheet shows the newest numbers. Not any other swap
    // (the announcements, asked again as often as the clock: the notice went a
    // moment after it came, whenever their answer followed the clock's), nor a sheet
    // older than the change told of.
    var sheet = document.getElementById("sheet");
    var notice = document.getElementById("changed-elsewhere");
    if (sheet && notice && !notice.hidden && sheet.hasAttribute("data-changes") &&
        sheetMark(sheet) >= newestTold) {
      notice.hidden = true;
      notice.querySelector("[data-changed-typed]").hidden = true;
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    init(document);
    var form = document.querySelector("form.game-form");
    if (form) resend(form);
  });
  document.addEventListener("htmx:afterSwap", function (e) { init(document); });
  document.addEventListener("htmx:afterSettle", function (e) {
    // The sheet was replaced after a save: put the keyboard on the first problem, else
    // on the next game's first rack (not at the top of the page, nor on a radio).
    var sheet = document.getElementById("sheet");
    if (!sheet || e.target !== sheet) return;
    var active = document.activeElement;
    if (active && active !== document.body && !sheet.contains(active)) return;
    // A refused save whose numbers are shown beside the refusal, or a refused correction:
    // the keyboard on it, as on a page loaded without JavaScript (autofocus).
    var refused = sheet.querySelector("#not-saved, form.correction [autofocus]");
    if (refused) {
      refused.scrollIntoView({ block: "center" });
      refused.focus({ preventScroll: true });
      return;
    }
    var summary = sheet.querySelector("form.game-form [data-game-errors]:not([hidden])");
    if (summary) {
      summary.scrollIntoView({ block: "start" });
      summary.focus({ preventScroll: true });
      return;
    }
    // Saved: "Game 1 saved for table 4." at the top of the screen (on a phone, putting the
    // keyboard on the next box scrolled it away, unseen), the keyboard on the next game.
    var next = sheet.querySelector("form.game-form input.rack");
    var said = sheet.querySelector(".messages");
    if (said) said.scrollIntoView({ block: "start" });
    if (next) next.focus(said ? { preventScroll: true } : undefined);
  });
})();
