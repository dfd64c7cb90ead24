// Event pages, progressive enhancement only: every page works without this file.
(function () {
  "use strict";

  // <form data-autosubmit>: choosing in a select shows the choice at once.
  function autosubmit() {
    document.querySelectorAll("form[data-autosubmit] select").forEach(function (select) {
      select.addEventListener("change", function () { select.form.submit(); });
    });
  }

  // <div hidden data-live-url="/events/5/live/" data-live-version="12" data-live-every="1.5">:
  // the event's live number is polled every so many seconds while the page is visible; when
  // it moves, "op:live" is fired on the document and the live parts of the page fetch again.
  // Only pages with live parts poll (the draft pages follow their pod by their own poll).
  function livePoll() {
    var marker = document.querySelector("[data-live-url]");
    if (!marker || !document.querySelector("[data-refresh][id]")) { return; }
    var version = marker.dataset.liveVersion;
    var every = Math.max(parseFloat(marker.dataset.liveEvery) || 1.5, 1) * 1000;
    var busy = false;
    function poll() {
      if (busy || document.visibilityState !== "visible") { return; }
      busy = true;
      var sent = Date.now();
      fetch(marker.dataset.liveUrl + "?v=" + encodeURIComponent(version), { credentials: "same-origin" })
        .then(function (response) {
          // The server's clock, for the countdowns (site.js): a page answered 304 from the
          // browser's cache carries the server time of its first load.
          var serverTime = parseInt(response.headers.get("X-Server-Time"), 10);
          if (!isNaN(serverTime)) {
            var offset = serverTime - (sent + Date.now()) / 2;
            document.dispatchEvent(new CustomEvent("op:server-time", { detail: { offset: offset } }));
          }
          return response.status === 200 ? response.json() : null;
        })
        .then(function (body) {
          if (body && String(body.v) !== version) {
            version = String(body.v);
            document.dispatchEvent(new Event("op:live"));
          }
        })
        .catch(function () { /* offline for a moment: try again next time */ })
        .then(function () { busy = false; });
    }
    window.setInterval(poll, every);
    document.addEventListener("visibilitychange", poll);
    poll();
  }

  // <div id="live" data-refresh="20">: the part of the page that follows the event is fetched
  // again when the event's live number moves ("op:live"), and every so many seconds anyway
  // (a safety net), unless the reader is typing or has something unfolded in it. A page
  // with several such parts fetches itself once for all of those refreshing together.
  // <details data-fold="name"> (folded parts such as My match's QR code) do not hold the
  // refresh back: the fresh part keeps each fold as the reader left it.
  var folds = {};  // data-fold -> open, as the reader left it
  document.addEventListener("click", function (event) {
    var summary = event.target.closest && event.target.closest("details[data-fold] > summary");
    if (summary) { folds[summary.parentElement.dataset.fold] = !summary.parentElement.open; }
  });
  var pagePending = null;
  function fetchPage() {
    if (!pagePending) {
      pagePending = fetch(window.location.href, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
        .then(function (response) { return response.ok ? response.text() : null; })
        .then(function (html) { return html ? new DOMParser().parseFromString(html, "text/html") : null; });
      var done = function () { pagePending = null; };
      pagePending.then(done, done);
    }
    return pagePending;
  }
  function liveRegions() {
    document.querySelectorAll("[data-refresh][id]").forEach(function (region) {
      var seconds = parseInt(region.dataset.refresh, 10);
      if (!seconds || seconds < 5) { return; }
      var pending = false;
      function refresh(force) {
        if (document.visibilityState !== "visible") { return; }
        if (region.contains(document.activeElement) || region.querySelector("details[open]:not([data-fold])")) {
          pending = pending || force;  // fetched again once the reader is done
          return;
        }
        pending = false;
        fetchPage()
          .then(function (doc) {
            if (!doc) { return; }
            var fresh = doc.getElementById(region.id);
            if (!fresh) { return; }
            fresh.querySelectorAll("details[data-fold]").forEach(function (fold) {
              if (Object.prototype.hasOwnProperty.call(folds, fold.dataset.fold)) { fold.open = folds[fold.dataset.fold]; }
            });
            if (fresh.innerHTML !== region.innerHTML) {
              region.innerHTML = fresh.innerHTML;
              document.dispatchEvent(new Event("op:refreshed"));
            }
          })
          .catch(function () { pending = true; });
      }
      document.addEventListener("op:live", function () { refresh(true); });
      document.addEventListener("focusout", function () { if (pending) { window.setTimeout(function () { refresh(true); }, 0); } });
      window.setInterval(function () { refresh(pending); }, seconds * 1000);
    });
  }

  // <form data-check novalidate>: the form is checked in the browser before it is sent, by the
  // constraints its answers carry (required, min, max); the server checks it again. A form
  // with a problem is not sent: the summary at its top lists each problem as a link to its
  // answer (the same summary the server shows for a refused form), the answer is marked and
  // the focus goes to the first one. Each answer's message is the data-missing of its group.
  function checkBeforeSending() {
    document.querySelectorAll("form[data-check]").forEach(function (form) {
      var summary = form.querySelector("[data-error-summary]");
      if (!summary) { return; }
      function group(input) { return input.closest("[data-missing]") || input.closest(".field") || input.parentElement; }
      function focusAnswer(id) {
        var target = document.getElementById(id);
        if (target) { target.focus(); }
      }
      form.addEventListener("click", function (event) {
        var link = event.target.closest && event.target.closest("[data-error-summary] a[href^='#']");
        if (link) { event.preventDefault(); focusAnswer(link.getAttribute("href").slice(1)); }
      });
      // A report the server refused comes back at its summary (the form's action names
      // #report-errors, which the browser scrolls to and focuses): the focus then goes on to
      // the first answer it names, the summary staying in sight.
      function focusFirstAnswer() {
        var first = summary.hidden ? null : summary.querySelector("a[href^='#']");
        var target = first && document.getElementById(first.getAttribute("href").slice(1));
        var active = document.activeElement;
        if (target && (active === summary || active === document.body || !active)) {
          target.focus({ preventScroll: true });
        }
      }
      focusFirstAnswer();
      window.addEventListener("load", focusFirstAnswer);
      form.addEventListener("submit", function (event) {
        form.querySelectorAll("[data-client-error]").forEach(function (p) { p.remove(); });
        form.querySelectorAll(".has-error[data-client-marked]").forEach(function (g) {
          g.classList.remove("has-error");
          g.removeAttribute("data-client-marked");
        });
        var problems = [], seen = [];
        Array.prototype.forEach.call(form.elements, function (input) {
          if (!input.willValidate || input.validity.valid) { return; }
          var box = group(input);
          if (seen.indexOf(box) !== -1) { return; }
          seen.push(box);
          var message = (box.dataset && box.dataset.missing) || input.validationMessage;
          problems.push({ input: input, message: message });
          if (!box.classList.contains("has-error")) {
            box.classList.add("has-error");
            box.setAttribute("data-client-marked", "1");
          }
          var note = document.createElement("p");
          note.className = "error";
          note.setAttribute("data-client-error", "1");
          note.textContent = message;
          box.appendChild(note);
        });
        if (!problems.length) { return; }
        event.preventDefault();
        summary.textContent = "";
        var title = document.createElement("p");
        title.className = "error-summary-title";
        title.textContent = form.dataset.summaryTitle || "";
        var list = document.createElement("ul");
        problems.forEach(function (problem) {
          var item = document.createElement("li");
          var link = document.createElement("a");
          link.href = "#" + problem.input.id;
          link.textContent = problem.message;
          item.appendChild(link);
          list.appendChild(item);
        });
        summary.appendChild(title);
        summary.appendChild(list);
        summary.id = "report-errors";
        summary.hidden = false;
        summary.scrollIntoView({ block: "start" });
        problems[0].input.focus();
      });
    });
  }

  // The report form says who chooses play or draw in game 2, from what game 1 says.
  function game2Hint() {
    var hint = document.querySelector("[data-game2-hint]");
    if (!hint) { return; }
    var form = hint.closest("form");
    var winner = form && form.querySelector("select[name$='g1_winner']");
    var chooser = form && form.querySelector("select[name$='g1_chooser']");
    if (!winner || !chooser) { return; }
    function label(value) {
      var option = Array.prototype.find.call(chooser.options, function (o) { return o.value === value; });
      return option ? option.textContent : "";
    }
    // The player's own form names its sides "me" and "opp"; a judge's form "a" and "b".
    function sentence(kind, value) {
      if (value === "me") { return hint.dataset[kind === "again" ? "selfAgainText" : "selfLoserText"]; }
      return hint.dataset[kind === "again" ? "againText" : "loserText"].replace("%(name)s", label(value));
    }
    function update() {
      var w = winner.value, text = hint.dataset.rule;
      if (w === "draw" && chooser.value) {
        text = sentence("again", chooser.value);
      } else if (w && w !== "draw") {
        var other = Array.prototype.find.call(chooser.options, function (o) { return o.value && o.value !== w; });
        if (other) { text = sentence("loser", other.value); }
      }
      hint.textContent = text;
    }
    winner.addEventListener("change", update);
    chooser.addEventListener("change", update);
    update();
  }

  // The player's quick report: the rows of the games the chosen score includes; in each, the
  // winner only where the score leaves it open, who chooses (the DAR's rule, as the server
  // applies it with tournaments/playdraw.py) and, when the record is required, who played
  // first preset to the chooser (a chooser who declares nothing plays first).
  function quickReport() {
    var form = document.querySelector("[data-quick-report]");
    if (!form) { return; }
    var orders = JSON.parse(form.dataset.orders || "{}");
    var prefix = form.dataset.prefix || "";
    var required = form.hasAttribute("data-required");
    var rows = Array.prototype.slice.call(form.querySelectorAll(".game-row[data-game]"));
    function checked(name) {
      var input = form.querySelector("input[name='" + prefix + name + "']:checked");
      return input ? input.value : "";
    }
    function enable(el, on, must) {
      if (!el) { return; }
      el.hidden = !on;
      Array.prototype.forEach.call(el.querySelectorAll("input"), function (i) {
        i.disabled = !on;
        if (must !== undefined) { i.required = on && must; }
      });
    }
    function other(side) { return side === "me" ? "opp" : "me"; }
    rows.forEach(function (row) {
      if (row.querySelector("[data-part=first] input:checked")) { row.dataset.touched = "1"; }
      Array.prototype.forEach.call(row.querySelectorAll("[data-part=first] input"), function (i) {
        i.addEventListener("change", function () { row.dataset.touched = "1"; });
      });
    });
    function update() {
      var score = checked("score");
      var candidates = score ? (orders[score] || []) : [];
      var played = score ? score.split("-").reduce(function (s, x) { return s + Number(x); }, 0) : 0;
      var hint = form.querySelector("[data-no-score]");
      if (hint) { hint.hidden = played > 0; }
      var winners = [], choosers = [], blocked = false;
      rows.forEach(function (row, i) {
        var n = i + 1;
        enable(row, n <= played);
        if (n > played) { return; }
        var seen = {};
        candidates.forEach(function (o) { seen[o[i]] = true; });
        var options = Object.keys(seen);
        // Asked only once the games before it are known (in a 2-1, game 1's answer
        // decides game 2).
        var varies = options.length > 1;
        var ask = varies && !blocked && !row.hasAttribute("data-penalty");
        // With the record required, the questions asked must be answered (checked before
        // sending, as the server checks them).
        enable(row.querySelector("[data-part=winner]"), ask, required);
        enable(row.querySelector("[data-part=random]"), !row.hasAttribute("data-penalty"), required);
        var w = varies ? (ask ? checked("g" + n + "_winner") : "") : (options[0] || "");
        if (varies && w) { candidates = candidates.filter(function (o) { return o[i] === w; }); }
        if (varies && !w) { blocked = true; }
        winners.push(w);
        var chooser = "";
        if (!row.hasAttribute("data-penalty")) {
          if (n === 2) {
            chooser = winners[0] === "draw" ? choosers[0] : (winners[0] ? other(winners[0]) : "");
          } else {
            chooser = checked("g" + n + "_random");
          }
        }
        choosers.push(chooser);
        var text = row.querySelector("[data-chooser]");
        if (text) {
          text.hidden = !chooser;
          text.textContent = chooser === "me" ? form.dataset.youChoose : form.dataset.oppChooses;
        }
        if (required && chooser && !row.dataset.touched) {
          var first = row.querySelector("[data-part=first] input[value='" + chooser + "']");
          if (first) { first.checked = true; }
        }
      });
    }
    form.addEventListener("change", update);
    update();
  }

  document.addEventListener("DOMContentLoaded", function () {
    autosubmit();
    livePoll();
    liveRegions();
    game2Hint();
    quickReport();
    checkBeforeSending();
  });
})();
