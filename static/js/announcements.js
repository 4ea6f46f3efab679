// The announcements' fold ("5 announcements — show") stays open when htmx asks for
// the list again every 30 seconds (the new list replaces the old one), so a reader does
// not see it close under their eyes.
(function () {
  "use strict";
  var open = false;
  document.addEventListener("htmx:beforeSwap", function (e) {
    if (!e.detail.target || e.detail.target.id !== "announcements") return;
    var fold = document.getElementById("more-announcements");
    open = !!(fold && fold.open);
  });
  document.addEventListener("htmx:afterSettle", function () {
    var fold = document.getElementById("more-announcements");
    if (fold && open) fold.open = true;
  });
})();
