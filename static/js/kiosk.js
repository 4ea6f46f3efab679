// The check-in kiosk: after a welcome (or a refusal) it is ready for the next player by
// itself after a few seconds; "Next person" does it at once.
(function () {
  "use strict";
  var main = document.getElementById("main");
  if (!main) return;
  var seconds = Number(main.getAttribute("data-back-after"));
  if (seconds > 0) {
    setTimeout(function () { location.replace(main.getAttribute("data-home")); }, seconds * 1000);
  }
})();
