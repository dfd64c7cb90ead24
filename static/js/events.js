// Event pages, progressive enhancement only: every page works without this file.
(function () {
  "use strict";

  // <form data-autosubmit>: choosing in a select shows the choice at once.
  function autosubmit() {
    document.querySelectorAll("form[data-autosubmit] select").forEach(function (select) {
      select.addEventListener("change", function () { select.form.submit(); });
    });
  }

  // <div id="live" data-refresh="20">: the part of the page that follows the event is fetched
  // again every so many seconds, unless the reader is typing or has something unfolded in it.
  function liveRegions() {
    document.querySelectorAll("[data-refresh][id]").forEach(function (region) {
      var seconds = parseInt(region.dataset.refresh, 10);
      if (!seconds || seconds < 5) { return; }
      window.setInterval(function () {
        if (document.visibilityState !== "visible") { return; }
        if (region.contains(document.activeElement) || region.querySelector("details[open]")) { return; }
        fetch(window.location.href, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
          .then(function (response) { return response.ok ? response.text() : null; })
          .then(function (html) {
            if (!html) { return; }
            var fresh = new DOMParser().parseFromString(html, "text/html").getElementById(region.id);
            if (fresh && fresh.innerHTML !== region.innerHTML) {
              region.innerHTML = fresh.innerHTML;
              document.dispatchEvent(new Event("op:refreshed"));
            }
          })
          .catch(function () { /* offline for a moment: try again next time */ });
      }, seconds * 1000);
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

  document.addEventListener("DOMContentLoaded", function () {
    autosubmit();
    liveRegions();
    game2Hint();
  });
})();
