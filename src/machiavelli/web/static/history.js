// The history slider names the phase it points at while it moves (the names are in the
// slider's data-names, "|" between them); letting it go shows that phase (htmx).
(function () {
  "use strict";
  document.addEventListener("input", function (e) {
    var range = e.target;
    if (!range.matches || !range.matches("input[type=range][data-names]")) { return; }
    var names = range.getAttribute("data-names").split("|");
    var out = range.form && range.form.querySelector("output.phase-name");
    if (out) { out.textContent = range.value + " · " + (names[range.value - 1] || ""); }
  });
})();
