// The countdown to each deadline shown on a page (<time data-countdown datetime=...>).
// Without JavaScript the deadline's date and time are shown as they are.
(function () {
  "use strict";
  // After the deadline, a phase with late powers waits for its grace period to end
  // (data-grace); once both have passed, the judge processes at its next sweep.
  function left(ms, graceMs) {
    if (ms <= 0) {
      if (graceMs > 0) { return "passed: late powers have until the grace period ends, " + span(graceMs); }
      return "passed: the judge processes the phase shortly";
    }
    return span(ms);
  }
  function span(ms) {
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
      var grace = Date.parse(el.getAttribute("data-grace") || "");
      el.textContent = left(at - now, isNaN(grace) ? 0 : grace - now);
    });
  }
  document.addEventListener("DOMContentLoaded", function () { tick(); setInterval(tick, 1000); });
})();
