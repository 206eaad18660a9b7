// Click-to-order on the board (mapview.js draws it): click one of your units, or its name in
// the list of your units, and its legal orders are listed (the judge's own list, from
// /games/NAME/legal.json, as the API's /legal gives it) while the provinces it may move to
// are lit on the map; click a lit province, or an order in the list, and the order's line is
// written into the order box (replacing that unit's earlier line), which then checks it as
// if typed.  Nothing is sent before "Submit orders".
//
// A player holding several powers (a variant that deals two a player) has one order box per
// power (.orders-card[data-power]): the units of each are clickable, and a click writes into
// the box of the unit's own power; the switcher above the list (.click-powers) picks whose
// units are listed and whose build sites a click on an empty province means.
(function () {
  "use strict";
  var MOVE = /^([AFG]) (\S+) - (\S+)$/;

  function unitKey(kind, province) { return "unit " + province + " " + (kind === "G" ? "G" : "AF"); }
  function whose(line) {  // the unit a line orders ("A pad" of "A pad - vic" or "maintain A pad")
    var w = line.trim().split(/\s+/);
    for (var i = 0; i < 2 && i + 1 < w.length; i++) {
      if (/^[AFG]$/i.test(w[i])) { return w[i] + " " + w[i + 1]; }
    }
    return line.trim();
  }
  function quoted(text) { return '"' + String(text).replace(/["\\]/g, "\\$&") + '"'; }

  // One power's orders: its legal lists, its order box and its list of units.
  function Orders(board, power, legal) {
    this.board = board; this.power = power; this.legal = legal; this.sites = {};
    // the order box of the power (one per power a player holds), else the page's only one
    this.textarea = document.querySelector(".orders-card[data-power=" + quoted(power) + "] textarea[name=orders]") ||
      document.querySelector("#orders textarea[name=orders]");
    this.units = document.createElement("div");
    this.units.className = "click-power-units";
    this.units.setAttribute("data-power", power);
    this.units.setAttribute("aria-label", "units of " + power);
    board.unitLists.appendChild(this.units);
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
    this.board.choose(null);
  };

  Orders.prototype.mine = function (key) {  // its unit on the map for key, if any
    return this.board.svg().querySelector("g.mine[data-owner=" + quoted(this.power) + "][data-key=" + quoted(key) + "]");
  };

  Orders.prototype.mark = function () {  // the units with an order in the box
    var self = this;
    this.board.svg().querySelectorAll("g.mine[data-owner=" + quoted(this.power) + "]").forEach(function (g) {
      g.classList.toggle("ordered", !!self.current(g.getAttribute("data-key")));
    });
    this.units.querySelectorAll("button[data-key]").forEach(function (b) {
      var now = self.current(b.getAttribute("data-key"));
      b.classList.toggle("ordered", !!now);
      b.querySelector(".now").textContent = now ? " · " + now : "";
    });
  };

  Orders.prototype.start = function () {
    var self = this, board = this.board, svg = board.svg(), mine = {};
    // the units (dislodged ones in a retreat) whose orders are listed
    svg.querySelectorAll("g.unit, g.dislodged-unit").forEach(function (g) {
      if (self.power && g.getAttribute("data-owner") !== self.power) { return; }
      var key = unitKey(g.getAttribute("data-kind"), g.getAttribute("data-province"));
      if (self.legal[key] && !mine[key]) {
        mine[key] = g;
        g.classList.add("mine");
        g.setAttribute("data-key", key);
      }
    });
    // a province with orders but no unit of the power's on it: a build
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
      b.addEventListener("click", function () {
        board.activate(self.power);
        board.choose(board.chosen === key ? null : key);
      });
      self.units.appendChild(b);
    });
    if (this.textarea) { this.textarea.addEventListener("input", function () { self.mark(); }); }
    this.mark();
  };

  // The board's click-to-order: the orders of each power the player holds, one at a time.
  function Board(box, panel, powers) {
    this.box = box; this.panel = panel; this.chosen = null; this.active = null;
    this.several = powers.length > 1;
    this.powers = {};
    this.list = panel.querySelector(".click-choices");
    this.unitLists = panel.querySelector(".click-units");
    this.heading = panel.querySelector(".click-heading");
    this.switcher = panel.querySelector(".click-powers");
  }

  Board.prototype.svg = function () { return this.box.querySelector("svg"); };

  Board.prototype.orders = function () { return this.powers[this.active] || null; };

  Board.prototype.activate = function (power) {  // whose units are listed
    if (!this.powers[power] || power === this.active) { return; }
    this.active = power;
    this.choose(null);
    Object.keys(this.powers).forEach(function (p) { this.powers[p].units.hidden = p !== power; }, this);
    if (this.switcher) {
      this.switcher.querySelectorAll("button[data-power]").forEach(function (b) {
        b.setAttribute("aria-pressed", b.getAttribute("data-power") === power ? "true" : "false");
      });
    }
  };

  Board.prototype.idle = function () {
    var said = this.heading.getAttribute("data-idle");
    return this.several ? said.replace("your units", "the units of " + this.active) : said;
  };

  Board.prototype.choose = function (key) {
    var self = this, svg = this.svg(), orders = this.orders();
    this.chosen = key;
    svg.querySelectorAll(".dest").forEach(function (el) { el.classList.remove("dest"); });
    svg.querySelectorAll("g.chosen").forEach(function (el) { el.classList.remove("chosen"); });
    this.unitLists.querySelectorAll("button.chosen").forEach(function (b) { b.classList.remove("chosen"); });
    this.list.textContent = "";
    if (!key || !orders) { this.heading.textContent = this.idle(); return; }
    var g = orders.mine(key);
    if (g) { g.classList.add("chosen"); }
    var b = orders.units.querySelector('button[data-key="' + key + '"]');
    if (b) { b.classList.add("chosen"); }
    this.heading.textContent = (this.several ? orders.power + ", " : "") +
      (b ? b.getAttribute("data-name") : key) + ": pick an order, or a lit province";
    (orders.legal[key] || []).forEach(function (line) {
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
      item.addEventListener("click", function () { orders.write(key, line); });
      self.list.appendChild(item);
    });
  };

  Board.prototype.destination = function (province) {
    var orders = this.orders();
    var lines = (orders.legal[this.chosen] || []).filter(function (l) {
      var m = MOVE.exec(l);
      return m && m[3].split("/")[0] === province;
    });
    if (lines.length === 1) { orders.write(this.chosen, lines[0]); return; }
    // several coasts: only those stay listed
    this.list.querySelectorAll("button.choice").forEach(function (b) {
      b.hidden = lines.indexOf(b.getAttribute("data-line")) < 0;
    });
    if (!lines.length) { this.choose(null); }
  };

  Board.prototype.site = function (province) {  // the active power's build there, else another's
    var order = [this.active].concat(Object.keys(this.powers));
    for (var i = 0; i < order.length; i++) {
      var orders = this.powers[order[i]];
      if (orders && orders.sites[province]) { return [order[i], orders.sites[province]]; }
    }
    return null;
  };

  Board.prototype.start = function (first) {
    var self = this, svg = this.svg();
    svg.addEventListener("click", function (e) {
      var unit = e.target.closest("g.mine");
      if (unit) {
        self.activate(unit.getAttribute("data-owner") || self.active);
        self.choose(unit.getAttribute("data-key"));
        return;
      }
      var area = e.target.closest("path.area.dest");
      if (area && self.chosen) { self.destination(area.id); return; }
      var site = e.target.closest("path.area.site"), found = site && self.site(site.id);
      if (found) { self.activate(found[0]); self.choose(found[1]); return; }
      var other = e.target.closest("path.area");
      if (other && self.chosen) { self.choose(null); }
    });
    if (this.switcher) {
      this.switcher.querySelectorAll("button[data-power]").forEach(function (b) {
        var power = b.getAttribute("data-power");
        b.disabled = !self.powers[power];
        if (!self.powers[power]) { b.title = "nothing to order"; }
        b.addEventListener("click", function () { self.activate(power); });
      });
      this.switcher.hidden = false;
    }
    this.activate(first);
    this.panel.hidden = false;
  };

  document.addEventListener("map:ready", function (e) {
    var box = e.target, panel = document.getElementById(box.getAttribute("data-orders-panel") || "");
    var src = box.getAttribute("data-legal");
    if (!panel || !src) { return; }
    var powers = [];
    panel.querySelectorAll(".click-powers button[data-power]").forEach(function (b) {
      powers.push(b.getAttribute("data-power"));
    });
    if (!powers.length) { powers = [panel.getAttribute("data-power") || ""]; }
    var board = new Board(box, panel, powers);
    Promise.all(powers.map(function (power) {
      return fetch(src + "?power=" + encodeURIComponent(power), { credentials: "same-origin" })
        .then(function (answer) { return answer.ok ? answer.json() : { orders: {} }; })
        .catch(function () { return { orders: {} }; });
    })).then(function (found) {
      var first = null;
      found.forEach(function (legal, i) {
        var power = powers[i];
        if (!legal.orders || !Object.keys(legal.orders).length) { return; }
        if (board.several && legal.power !== power) { return; }  // not a power it orders for
        var orders = new Orders(board, power, legal.orders);
        board.powers[power] = orders;
        orders.start();
        first = first || power;
      });
      if (first !== null) {
        box.clickOrders = board;
        board.start(first);
      }
    });
  });
})();
