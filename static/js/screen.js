// The big screen: pages through a long list, as many rows per page as fit, one page every
// data-page-seconds seconds (unless a judge paused paging), keeping its place when the live
// part of the page is fetched again (events.js). When a clock runs out it asks for the page
// again, so the tables still playing (or a pod's next step) come up without a reload.
(function () {
  "use strict";

  var page = 0;
  var shownView = null;
  var expired = [];

  function frame() { return document.querySelector("[data-view]"); }

  // A name too long for its row at the row's size wraps, and is made smaller until it fits
  // whole (never cut): the row keeps its height, so a page keeps as many rows.
  var FITTED = ".screen-name, .screen-other";
  var SMALLEST = 0.4; // of the row's own size

  function overflows(el) {
    return el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight;
  }

  function fitRow(row) {
    var parts = Array.prototype.slice.call(row.querySelectorAll(FITTED));
    parts.forEach(function (el) { el.style.fontSize = ""; });
    var sizes = parts.map(function (el) { return parseFloat(window.getComputedStyle(el).fontSize); });
    var floors = sizes.map(function (size) { return size * SMALLEST; });
    for (var step = 0; step < 40; step++) {
      var shrunk = false;
      parts.forEach(function (el, i) {
        if (sizes[i] > floors[i] && overflows(el)) {
          sizes[i] = Math.max(floors[i], sizes[i] * 0.94);
          el.style.fontSize = sizes[i] + "px";
          shrunk = true;
        }
      });
      if (!shrunk) { return; }
    }
  }

  function layout() {
    var state = frame();
    var view = state ? state.dataset.view : "";
    if (view !== shownView) { shownView = view; page = 0; }
    var list = document.querySelector("[data-paged]");
    var indicator = document.querySelector("[data-page-indicator]");
    if (!list) {
      if (indicator) { indicator.textContent = ""; }
      return 1;
    }
    var rows = Array.prototype.slice.call(list.children);
    list.style.gridTemplateRows = "";
    rows.forEach(function (row) { row.hidden = false; });
    if (!rows.length) { return 1; }
    var style = window.getComputedStyle(list);
    var columns = parseInt(style.getPropertyValue("--columns"), 10) || 1;
    var gap = parseFloat(style.rowGap) || 0;
    var rowHeight = rows[0].getBoundingClientRect().height;
    var perColumn = Math.max(1, Math.floor((list.clientHeight + gap) / (rowHeight + gap)));
    var perPage = perColumn * columns;
    var pages = Math.max(1, Math.ceil(rows.length / perPage));
    page = page % pages;
    list.style.gridTemplateRows = "repeat(" + perColumn + ", " + rowHeight + "px)";
    rows.forEach(function (row, i) { row.hidden = Math.floor(i / perPage) !== page; });
    rows.forEach(function (row) { if (!row.hidden) { fitRow(row); } });
    list.dataset.page = String(page + 1);
    list.dataset.pages = String(pages);
    if (indicator) {
      indicator.textContent = pages > 1
        ? indicator.dataset.pageText.replace("%(page)s", page + 1).replace("%(pages)s", pages)
        : "";
    }
    return pages;
  }

  function turn() {
    var state = frame();
    if (state && state.dataset.pagingPaused === "1") { return; }
    page += 1;
    layout();
  }

  // A clock ran out on the screen (the round's, or a draft pod's step): fetch the live part
  // again, once per deadline, so the view follows (the server applies the deadline when it
  // reads: time called, the pod's next step).
  function watchClocks() {
    var fresh = false;
    document.querySelectorAll(".countdown.expired[data-deadline]").forEach(function (clock) {
      if (expired.indexOf(clock.dataset.deadline) < 0) {
        expired.push(clock.dataset.deadline);
        if (expired.length > 200) { expired.shift(); }
        fresh = true;
      }
    });
    if (fresh) {
      window.setTimeout(function () { document.dispatchEvent(new Event("op:live")); }, 1000);
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    var seconds = parseFloat(document.body.dataset.pageSeconds) || 10;
    layout();
    window.setInterval(turn, Math.max(seconds, 1) * 1000);
    window.setInterval(watchClocks, 1000);
    window.addEventListener("resize", layout);
    document.addEventListener("op:refreshed", layout);
  });
})();
