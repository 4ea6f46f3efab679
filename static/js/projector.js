// The projector's slides turn every few seconds (the next address and the seconds come
// from the page); the "Pause the slides" button stops them (WCAG 2.2.2). Phone-width
// screens do not turn by themselves: the "Next" link turns them.
(function () {
  "use strict";
  function run() {
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
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
  else run();
})();
