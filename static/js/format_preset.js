/* The settings page's preset chooser: choosing a preset fills every field of the format
   (and the scoring, initial meld and gender split above) with the preset's settings,
   given by the page ("preset-values", from the engine's presets); each can still be
   changed before saving. Without this script, "Fill in the preset's settings" does the
   same through the server. */
(function () {
  "use strict";
  var data = document.getElementById("preset-values");
  var chooser = document.getElementById("id_preset");
  if (!data || !chooser) return;
  var presets = JSON.parse(data.textContent);
  chooser.addEventListener("change", function () {
    var settings = presets[chooser.value];
    if (!settings) return;
    Object.keys(settings).forEach(function (key) {
      var field = document.getElementById("id_" + key);
      if (!field || field.disabled) return;
      var value = settings[key];
      if (field.type === "checkbox") field.checked = Boolean(value);
      else field.value = value === null ? "" : String(value);
      field.dispatchEvent(new Event("change", { bubbles: true }));
    });
  });
})();
