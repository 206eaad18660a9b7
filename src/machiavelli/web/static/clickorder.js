// Click-to-order on the board (mapview.js draws it): click one of your units, or its name in
// the list of your units, and its legal orders are listed (the judge's own list, from
// /games/NAME/legal.json, as the API's /legal gives it) while the provinces it may move to
// are lit on the map; click a lit province, or an order in the list, and the order's line is
// written into the order box (replacing that unit's earlier line), which then checks it as
// if typed.  Nothing is sent before "Submit orders".
(function () {
  "use strict";
  var MOVE = /^([AFG]) (\S+) - (\S+)$/;

  function unitKey(kind, province) { return "unit " + province + " " + (kind === "G" ? "G" : "AF"); }
  function whose(line) { var w = line.split(" "); return w.length > 1 ? w[0] + " " + w[1] : line; }

  function Orders(box, panel, legal) {
    this.box = box; this.panel = panel; this.legal = legal; this.chosen = null;
    var power = panel.getAttribute("data-power") || "";
    // the order box of the power (one per power a player holds), else the page's only one
    this.textarea = document.querySelector('.orders-card[data-power="' + power + '"] textarea[name=orders]') ||
      document.querySelector("#orders textarea[name=orders]");
    this.list = panel.querySelector(".click-choices");
    this.units = panel.querySelector(".click-units");
    this.heading = panel.querySelector(".click-heading");
  }

  Orders.prototype.lines = function () {
    return this.textarea ? this.textarea.value.split("\n") : [];
  };

  Orders.prototype.current = function (key) {
    var legal = this.legal[key] || [], lines = this.lines();
    for (var i = 0; i < lines.length; i++) {
      if (legal.indexOf(lines[i].trim()) >= 0) { return lines[i].trim(); }
    }
    return "";
  };

  Orders.prototype.write = function (key, line) {
    if (!this.textarea) { return; }
    var legal = this.legal[key] || [], heads = {};
    legal.forEach(function (l) { heads[whose(l).toLowerCase()] = true; });
    var kept = this.lines().filter(function (l) {
      var t = l.trim();
      return t && legal.indexOf(t) < 0 && !heads[whose(t).toLowerCase()];
    });
    kept.push(line);
    this.textarea.value = kept.join("\n");
    this.textarea.dispatchEvent(new Event("input", { bubbles: true }));
    this.textarea.dispatchEvent(new Event("change", { bubbles: true }));
    this.mark();
    this.choose(null);
  };

  Orders.prototype.mark = function () {  // the units with an order in the box
    var self = this;
    this.svg().querySelectorAll("g.mine").forEach(function (g) {
      var key = g.getAttribute("data-key");
      g.classList.toggle("ordered", !!self.current(key));
    });
    this.units.querySelectorAll("button[data-key]").forEach(function (b) {
      var now = self.current(b.getAttribute("data-key"));
      b.classList.toggle("ordered", !!now);
      b.querySelector(".now").textContent = now ? " · " + now : "";
    });
  };

  Orders.prototype.svg = function () { return this.box.querySelector("svg"); };

  Orders.prototype.choose = function (key) {
    var self = this, svg = this.svg();
    this.chosen = key;
    svg.querySelectorAll(".dest").forEach(function (el) { el.classList.remove("dest"); });
    svg.querySelectorAll("g.chosen").forEach(function (el) { el.classList.remove("chosen"); });
    this.units.querySelectorAll("button.chosen").forEach(function (b) { b.classList.remove("chosen"); });
    this.list.textContent = "";
    if (!key) { this.heading.textContent = this.heading.getAttribute("data-idle"); return; }
    var g = svg.querySelector('g.mine[data-key="' + key + '"]');
    if (g) { g.classList.add("chosen"); }
    var b = this.units.querySelector('button[data-key="' + key + '"]');
    if (b) { b.classList.add("chosen"); }
    this.heading.textContent = (b ? b.getAttribute("data-name") : key) + ": pick an order, or a lit province";
    (this.legal[key] || []).forEach(function (line) {
      var m = MOVE.exec(line);
      if (m) {
        var area = svg.querySelector('path.area[id="' + m[3].split("/")[0] + '"]');
        if (area) { area.classList.add("dest"); }
      }
      var item = document.createElement("button");
      item.type = "button";
      item.className = "small secondary choice";
      item.textContent = line;
      item.setAttribute("data-line", line);
      item.addEventListener("click", function () { self.write(key, line); });
      self.list.appendChild(item);
    });
  };

  Orders.prototype.destination = function (province) {
    var lines = (this.legal[this.chosen] || []).filter(function (l) {
      var m = MOVE.exec(l);
      return m && m[3].split("/")[0] === province;
    });
    if (lines.length === 1) { this.write(this.chosen, lines[0]); return; }
    var self = this;  // several coasts: only those stay listed
    this.list.querySelectorAll("button.choice").forEach(function (b) {
      b.hidden = lines.indexOf(b.getAttribute("data-line")) < 0;
    });
    if (!lines.length) { self.choose(null); }
  };

  Orders.prototype.start = function () {
    var self = this, svg = this.svg(), mine = {}, power = this.panel.getAttribute("data-power");
    // the units (dislodged ones in a retreat) whose orders are listed
    svg.querySelectorAll("g.unit, g.dislodged-unit").forEach(function (g) {
      if (power && g.getAttribute("data-owner") !== power) { return; }
      var key = unitKey(g.getAttribute("data-kind"), g.getAttribute("data-province"));
      if (self.legal[key] && !mine[key]) {
        mine[key] = g;
        g.classList.add("mine");
        g.setAttribute("data-key", key);
      }
    });
    this.sites = {};  // a province with orders but no unit of the power's on it: a build
    Object.keys(this.legal).sort().forEach(function (key) {
      var g = mine[key], words = key.split(" ");
      var name = key;
      if (g) { name = (g.getAttribute("data-tip") || key).replace(/^[^:]*: /, ""); }
      else if (words[0] === "unit") {
        var area = svg.querySelector('path.area[id="' + words[1] + '"]');
        name = (area ? area.getAttribute("data-tip") : words[1]) + (words[2] === "G" ? ": garrison" : ": army or fleet");
        if (area) { area.classList.add("site"); self.sites[words[1]] = self.sites[words[1]] || key; }
      } else if (words[0] === "waive") { name = (self.legal[key] || [key])[0]; }
      var b = document.createElement("button");
      b.type = "button";
      b.className = "small secondary";
      b.setAttribute("data-key", key);
      b.setAttribute("data-name", name);
      b.textContent = name;
      var now = document.createElement("span");
      now.className = "now";
      b.appendChild(now);
      b.addEventListener("click", function () { self.choose(self.chosen === key ? null : key); });
      self.units.appendChild(b);
    });
    svg.addEventListener("click", function (e) {
      var unit = e.target.closest("g.mine");
      if (unit) { self.choose(unit.getAttribute("data-key")); return; }
      var area = e.target.closest("path.area.dest");
      if (area && self.chosen) { self.destination(area.id); return; }
      var site = e.target.closest("path.area.site");
      if (site && self.sites[site.id]) { self.choose(self.sites[site.id]); return; }
      var other = e.target.closest("path.area");
      if (other && self.chosen) { self.choose(null); }
    });
    if (this.textarea) { this.textarea.addEventListener("input", function () { self.mark(); }); }
    this.panel.hidden = false;
    this.mark();
  };

  document.addEventListener("map:ready", function (e) {
    var box = e.target, panel = document.getElementById(box.getAttribute("data-orders-panel") || "");
    var src = box.getAttribute("data-legal");
    if (!panel || !src) { return; }
    src += "?power=" + encodeURIComponent(panel.getAttribute("data-power") || "");
    fetch(src, { credentials: "same-origin" }).then(function (answer) {
      return answer.ok ? answer.json() : { orders: {} };
    }).then(function (found) {
      if (found.orders && Object.keys(found.orders).length) {
        var orders = new Orders(box, panel, found.orders);
        box.clickOrders = orders;
        orders.start();
      }
    });
  });
})();
