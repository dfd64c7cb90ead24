/* Suggestions as the organiser types; without script the field still takes a name. */
(function () {
  var list = document.getElementById("player-suggestions");
  var field = document.querySelector('[list="player-suggestions"]');
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
        .then(function (r) { return r.ok ? r.json() : {results: []}; })
        .then(function (data) {
          if (mine !== asked) { return; }
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
