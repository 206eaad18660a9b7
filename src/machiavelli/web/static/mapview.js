// The maps of the game page, to play from: each <div class="map-view" data-src=...> holds an
// <img> of the map (what a browser without JavaScript shows); this script puts the SVG
// itself in its place and lets it be zoomed and panned (the wheel, a drag, two fingers, the
// buttons), names each province with its abbreviation on hover, and shows or hides the
// layer of abbreviations (the order language's "flo").  Click-to-order is clickorder.js.
// No library, no inline script (the site's CSP); the SVG is the judge's own, drawn for
// this visitor, and is cleaned of scripts and event attributes all the same.
(function () {
  "use strict";
  var MAX_ZOOM = 14, STEP = 1.6;

  function clean(svg) {
    svg.querySelectorAll("script, foreignObject").forEach(function (el) { el.remove(); });
    svg.querySelectorAll("*").forEach(function (el) {
      Array.prototype.slice.call(el.attributes).forEach(function (a) {
        if (/^on/i.test(a.name) || /^\s*javascript:/i.test(a.value)) { el.removeAttribute(a.name); }
      });
    });
  }

  function MapView(box) {
    this.box = box;
    this.stage = box.querySelector(".map-stage");
    this.tip = box.querySelector(".map-tip");
    this.pointers = {};
    this.moved = 0;
  }

  MapView.prototype.load = function () {
    var self = this, src = this.box.getAttribute("data-src");
    return fetch(src, { credentials: "same-origin" }).then(function (answer) {
      if (!answer.ok) { throw new Error("map " + answer.status); }
      return answer.text();
    }).then(function (text) {
      var doc = new DOMParser().parseFromString(text, "image/svg+xml");
      var svg = doc.documentElement;
      if (!svg || svg.nodeName !== "svg") { throw new Error("not an SVG"); }
      clean(svg);
      svg = document.importNode(svg, true);
      svg.removeAttribute("width");
      svg.removeAttribute("height");
      svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
      svg.setAttribute("role", "img");
      svg.querySelectorAll("path.area, g.unit, g.dislodged-unit").forEach(function (el) {
        var title = el.querySelector("title");
        var name = title ? title.textContent : "";
        if (title) { title.remove(); }
        var id = el.id || el.getAttribute("data-province") || "";
        el.setAttribute("data-tip", name + (id ? " (" + id + ")" : ""));
      });
      self.stage.textContent = "";
      self.stage.appendChild(svg);
      self.svg = svg;
      var vb = svg.viewBox.baseVal;
      self.home = { x: vb.x, y: vb.y, w: vb.width, h: vb.height };
      self.view = { x: vb.x, y: vb.y, w: vb.width, h: vb.height };
      self.box.classList.add("live");
      self.listen();
      self.box.dispatchEvent(new CustomEvent("map:ready", { bubbles: true, detail: self }));
      return self;
    }).catch(function () { self.box.classList.add("failed"); });
  };

  MapView.prototype.draw = function () {
    var v = this.view;
    this.svg.setAttribute("viewBox", [v.x, v.y, v.w, v.h].join(" "));
    this.box.setAttribute("data-zoom", (this.home.w / v.w).toFixed(2));
  };

  MapView.prototype.point = function (clientX, clientY) {
    var m = this.svg.getScreenCTM();
    if (!m) { return { x: this.view.x + this.view.w / 2, y: this.view.y + this.view.h / 2 }; }
    return new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
  };

  MapView.prototype.zoom = function (factor, clientX, clientY) {
    var v = this.view, h = this.home;
    var scale = Math.min(MAX_ZOOM, Math.max(1, (h.w / v.w) * factor));
    factor = scale / (h.w / v.w);
    if (clientX === undefined) {
      var r = this.svg.getBoundingClientRect();
      clientX = r.left + r.width / 2; clientY = r.top + r.height / 2;
    }
    var p = this.point(clientX, clientY);
    this.view = { x: p.x - (p.x - v.x) / factor, y: p.y - (p.y - v.y) / factor,
                  w: v.w / factor, h: v.h / factor };
    this.keep();
  };

  MapView.prototype.pan = function (dx, dy) {
    var m = this.svg.getScreenCTM(), s = m ? m.a : 1;
    this.view.x -= dx / s; this.view.y -= dy / s;
    this.keep();
  };

  MapView.prototype.keep = function () {  // the view's centre stays on the board
    var v = this.view, h = this.home;
    var cx = Math.min(h.x + h.w, Math.max(h.x, v.x + v.w / 2));
    var cy = Math.min(h.y + h.h, Math.max(h.y, v.y + v.h / 2));
    if (v.w >= h.w) { cx = h.x + h.w / 2; cy = h.y + h.h / 2; }
    v.x = cx - v.w / 2; v.y = cy - v.h / 2;
    this.draw();
  };

  MapView.prototype.fit = function () {
    this.view = { x: this.home.x, y: this.home.y, w: this.home.w, h: this.home.h };
    this.draw();
  };

  MapView.prototype.show = function (el, clientX, clientY) {
    var text = el ? el.getAttribute("data-tip") : "";
    if (!text || !this.tip) { if (this.tip) { this.tip.hidden = true; } return; }
    var r = this.box.getBoundingClientRect();
    this.tip.textContent = text;
    this.tip.hidden = false;
    this.tip.style.left = (clientX - r.left + 14) + "px";
    this.tip.style.top = (clientY - r.top + 14) + "px";
  };

  MapView.prototype.listen = function () {
    var self = this, svg = this.svg;
    svg.addEventListener("wheel", function (e) {
      e.preventDefault();
      self.zoom(Math.pow(1.0015, -e.deltaY * (e.deltaMode === 1 ? 30 : 1)), e.clientX, e.clientY);
    }, { passive: false });
    svg.addEventListener("pointerdown", function (e) {
      self.pointers[e.pointerId] = { x: e.clientX, y: e.clientY };
      self.moved = 0;
    });
    svg.addEventListener("pointermove", function (e) {
      var was = self.pointers[e.pointerId];
      if (!was) {
        self.show(e.target.closest && e.target.closest("[data-tip]"), e.clientX, e.clientY);
        return;
      }
      var ids = Object.keys(self.pointers);
      if (ids.length === 1) {
        var dx = e.clientX - was.x, dy = e.clientY - was.y;
        self.moved += Math.abs(dx) + Math.abs(dy);
        if (self.moved > 4) {
          if (!svg.hasPointerCapture(e.pointerId)) { svg.setPointerCapture(e.pointerId); }
          self.pan(dx, dy);
        }
      } else if (ids.length === 2) {
        var other = self.pointers[ids[0] === String(e.pointerId) ? ids[1] : ids[0]];
        var before = Math.hypot(was.x - other.x, was.y - other.y);
        var after = Math.hypot(e.clientX - other.x, e.clientY - other.y);
        self.moved += 10;
        if (before > 0) {
          self.zoom(after / before, (e.clientX + other.x) / 2, (e.clientY + other.y) / 2);
          self.pan((e.clientX - was.x) / 2, (e.clientY - was.y) / 2);
        }
      }
      self.pointers[e.pointerId] = { x: e.clientX, y: e.clientY };
    });
    function up(e) { delete self.pointers[e.pointerId]; }
    svg.addEventListener("pointerup", up);
    svg.addEventListener("pointercancel", up);
    svg.addEventListener("pointerleave", function (e) { up(e); self.show(null); });
    // a click that was a drag is no click
    svg.addEventListener("click", function (e) {
      if (self.moved > 4) { e.stopPropagation(); e.preventDefault(); }
    }, true);
    this.box.querySelectorAll("[data-map]").forEach(function (button) {
      button.addEventListener("click", function () { self.act(button); });
    });
  };

  MapView.prototype.act = function (button) {
    var what = button.getAttribute("data-map");
    if (what === "in") { this.zoom(STEP); }
    else if (what === "out") { this.zoom(1 / STEP); }
    else if (what === "fit") { this.fit(); }
    else if (what === "abbreviations") {
      var layer = this.svg.querySelector("#layer-abbreviations");
      var on = button.getAttribute("aria-pressed") !== "true";
      if (layer) { layer.setAttribute("display", on ? "inline" : "none"); }
      button.setAttribute("aria-pressed", on ? "true" : "false");
      this.box.classList.toggle("abbreviated", on);
    } else if (what === "full") {
      if (document.fullscreenElement) { document.exitFullscreen(); }
      else if (this.box.requestFullscreen) { this.box.requestFullscreen(); }
    }
  };

  function start(root) {
    (root || document).querySelectorAll(".map-view[data-src]:not([data-started])").forEach(function (box) {
      box.setAttribute("data-started", "yes");
      var view = new MapView(box);
      box.mapView = view;
      if (box.hasAttribute("data-lazy") && window.IntersectionObserver) {
        var seen = new IntersectionObserver(function (entries) {  // loaded when scrolled to
          if (entries.some(function (e) { return e.isIntersecting; })) { seen.disconnect(); view.load(); }
        }, { rootMargin: "300px" });
        seen.observe(box);
      } else { view.load(); }
    });
  }

  window.MachiavelliMaps = { start: start };
  document.addEventListener("DOMContentLoaded", function () { start(document); });
  document.addEventListener("htmx:afterSettle", function (e) { start(e.target); });
})();
