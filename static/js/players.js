/* Suggestions as the organiser types; without script the field still takes a name.
   Too many searches in a minute are refused (429): the reason is said below the field. */
(function () {
  var list = document.getElementById("player-suggestions");
  var field = document.querySelector('[list="player-suggestions"]');
  var status = document.getElementById("player-suggestions-status");
  if (!list || !field || !window.fetch) { return; }
  var timer = null;
  var asked = 0;  // the latest request: a slower answer to an earlier one is dropped
  field.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(function () {
      var q = field.value.trim();
      if (q.length < 2) { return; }
      var mine = ++asked;
      fetch(list.dataset.url + "?q=" + encodeURIComponent(q), {credentials: "same-origin"})
        .then(function (r) {
          return r.ok || r.status === 429 ? r.json() : {results: []};
        })
        .then(function (data) {
          if (mine !== asked) { return; }
          if (status) { status.textContent = data.detail || ""; }
          list.replaceChildren();
          data.results.forEach(function (p) {
            var option = document.createElement("option");
            option.value = p.value;
            option.label = p.label;
            list.appendChild(option);
          });
        });
    }, 200);
  });
})();
