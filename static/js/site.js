// Progressive enhancement only: every page works without this file.
(function () {
  "use strict";

  // The phone menu: the button shows and hides the links (without this file they stay shown).
  document.documentElement.classList.add("js");
  // An event's form: only the settings of the game and format chosen, and only the groups
  // that keep one (the others are sent anyway, and the server ignores them).
  document.addEventListener("DOMContentLoaded", function () {
    var game = document.getElementById("id_game");
    var format = document.getElementById("id_format");
    var fields = document.querySelectorAll("[data-games], [data-formats]");
    if (!game || !fields.length) { return; }
    function among(list, value) { return !list || list.split(" ").indexOf(value) >= 0; }
    function show() {
      fields.forEach(function (input) {
        var box = input.closest(".field") || input;
        box.hidden = !among(input.dataset.games, game.value) ||
          !among(input.dataset.formats, format ? format.value : "");
      });
      document.querySelectorAll("[data-settings-group]").forEach(function (group) {
        group.hidden = !group.querySelector(".field:not([hidden])");
      });
    }
    game.addEventListener("change", show);
    if (format) { format.addEventListener("change", show); }
    show();
  });
  // The odds form: each vanguard is offered only its own side's magic (the form checks it too).
  document.addEventListener("DOMContentLoaded", function () {
    var attacker = document.getElementById("id_attacker_side");
    var selects = document.querySelectorAll("select[data-magic-of]");
    if (!attacker || !selects.length) { return; }
    function offer() {
      var defender = attacker.value === "heads" ? "tails" : "heads";
      selects.forEach(function (select) {
        var side = select.dataset.magicOf === "attacker" ? attacker.value : defender;
        Array.prototype.forEach.call(select.options, function (option) {
          var other = option.dataset.side && option.dataset.side !== side;
          option.hidden = option.disabled = !!other;
          if (other && option.selected) { select.value = ""; }
        });
      });
    }
    attacker.addEventListener("change", offer);
    offer();
  });
  // A search box that narrows a select as one types (the penalty form's players; without
  // this file the box searches on the server): a number finds that table or player number,
  // words find the names holding them all, accents and case aside.
  document.addEventListener("DOMContentLoaded", function () {
    function fold(text) {
      return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
    }
    document.querySelectorAll("input[data-filter-select]").forEach(function (input) {
      var select = document.getElementById(input.dataset.filterSelect);
      if (!select) { return; }
      function narrow() {
        var words = fold(input.value).replace(/#/g, " ").split(/\s+/).filter(Boolean);
        var number = words.length === 1 && /^\d+$/.test(words[0]) ? words[0] : null;
        Array.prototype.forEach.call(select.options, function (option) {
          if (!option.value) { return; }
          var shown = number !== null
            ? option.dataset.table === number || option.dataset.number === number
            : words.every(function (word) { return fold(option.dataset.name || option.text).indexOf(word) >= 0; });
          option.hidden = !shown;
        });
      }
      input.addEventListener("input", narrow);
      narrow();
    });
  });
  document.addEventListener("DOMContentLoaded", function () {
    var toggle = document.querySelector(".nav-toggle");
    var nav = document.querySelector(".site-nav");
    if (!toggle || !nav) { return; }
    toggle.hidden = false;
    toggle.addEventListener("click", function () {
      var open = nav.classList.toggle("open");
      toggle.setAttribute("aria-expanded", open ? "true" : "false");
    });
  });

  // Countdowns: <span class="countdown" data-deadline="ISO" data-server-now="ISO" data-paused-remaining="seconds">
  // The clock is the server's: the offset between server and browser is measured once per page
  // from data-server-now, and replaced by the live poll's measure (events.js, "op:server-time")
  // as soon as there is one: a page reloaded from the browser's cache (answered 304) carries
  // the server time of its first load.
  function format(seconds) {
    var sign = seconds < 0 ? "-" : "";
    seconds = Math.abs(Math.floor(seconds));
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    var mm = (h > 0 && m < 10 ? "0" : "") + m, ss = (s < 10 ? "0" : "") + s;
    return sign + (h > 0 ? h + ":" : "") + mm + ":" + ss;
  }

  var items = [];
  var ticking = null;
  var measured = null;

  function tick() {
    items.forEach(function (item) {
      var left = (item.deadline - (Date.now() + (measured === null ? item.offset : measured))) / 1000;
      item.node.textContent = format(Math.max(left, 0));
      item.node.classList.toggle("expired", left <= 0);
      if (left <= 0 && !item.announced) {
        // A live part of the page (the drafter's pack) asks the server at once, not at its
        // next poll, whether the time called has moved things on.
        item.announced = true;
        item.node.dispatchEvent(new CustomEvent("op:expired", { bubbles: true }));
      }
      if (left <= 0 && item.node.dataset.reloadOnExpiry === "1" && !item.reloaded) {
        item.reloaded = true;
        window.setTimeout(function () { window.location.reload(); }, 1500);
      }
    });
  }

  // Scans the page again, so countdowns in a part of the page replaced later keep ticking.
  function startCountdowns() {
    items = [];
    document.querySelectorAll(".countdown[data-deadline]").forEach(function (node) {
      var deadline = Date.parse(node.dataset.deadline);
      var serverNow = Date.parse(node.dataset.serverNow || new Date().toISOString());
      if (isNaN(deadline)) { return; }
      items.push({ node: node, deadline: deadline, offset: serverNow - Date.now() });
    });
    if (!items.length) { return; }
    tick();
    if (ticking === null) { ticking = window.setInterval(tick, 1000); }
  }

  // Confirmation for dangerous buttons: <button data-confirm="Really?">
  function confirmButtons() {
    document.addEventListener("click", function (event) {
      var target = event.target.closest("[data-confirm]");
      if (target && !window.confirm(target.dataset.confirm)) { event.preventDefault(); }
    });
  }

  // Print buttons: <button data-print>
  function printButtons() {
    document.querySelectorAll("[data-print]").forEach(function (button) {
      button.addEventListener("click", function () { window.print(); });
    });
  }

  // A part of the page was refreshed from the server (events.js): count down its clocks too.
  document.addEventListener("op:refreshed", startCountdowns);
  document.addEventListener("op:server-time", function (event) {
    measured = event.detail.offset;
    if (items.length) { tick(); }
  });

  document.addEventListener("DOMContentLoaded", function () {
    startCountdowns();
    confirmButtons();
    printButtons();
  });

  // A card's thumbnail opens its full picture in a dialog over the page, so a drafter on
  // the clock keeps the pick page (without this file the link opens the picture itself).
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-card-zoom]");
    if (!link || !window.HTMLDialogElement) { return; }
    event.preventDefault();
    var dialog = document.getElementById("card-zoom");
    if (!dialog) {
      dialog = document.createElement("dialog");
      dialog.id = "card-zoom";
      dialog.className = "card-zoom";
      var form = document.createElement("form");
      form.method = "dialog";
      var close = document.createElement("button");
      close.className = "button";
      form.append(close);
      dialog.append(document.createElement("img"), form);
      // a tap outside the picture closes it too
      dialog.addEventListener("click", function (e) { if (e.target === dialog) { dialog.close(); } });
      document.body.append(dialog);
    }
    var thumb = link.querySelector("img");
    var img = dialog.querySelector("img");
    img.src = link.href;
    img.alt = thumb ? thumb.alt : "";
    dialog.querySelector("button").textContent = link.dataset.close || "×";
    dialog.showModal();
  });
})();
