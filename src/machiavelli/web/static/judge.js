// The countdown to each deadline shown on a page (<time data-countdown datetime=...>).
// Without JavaScript the deadline's date and time are shown as they are.
(function () {
  "use strict";
  function left(ms) {
    if (ms <= 0) { return "now (the judge will process shortly)"; }
    var s = Math.floor(ms / 1000), d = Math.floor(s / 86400), h = Math.floor(s % 86400 / 3600),
        m = Math.floor(s % 3600 / 60), sec = s % 60;
    if (d > 0) { return "in " + d + " d " + h + " h"; }
    if (h > 0) { return "in " + h + " h " + m + " min"; }
    return "in " + m + " min " + (sec < 10 ? "0" : "") + sec + " s";
  }
  function tick() {
    var now = Date.now();
    document.querySelectorAll("time[data-countdown]").forEach(function (el) {
      var at = Date.parse(el.getAttribute("datetime"));
      if (isNaN(at)) { return; }
      if (!el.dataset.when) { el.dataset.when = el.textContent; el.title = el.textContent; }
      el.textContent = left(at - now);
    });
  }
  document.addEventListener("DOMContentLoaded", function () { tick(); setInterval(tick, 1000); });
})();
