/* Suggestions as the organiser types: the people found (or, for a typo, those with a name
   close to it: "did you mean"), each a button that adds them. Without script the field
   still takes a number or a name, and the page offers the same choices after sending.
   Too many searches in a minute are refused (429): the reason is said below the field. */
(function () {
  var box = document.getElementById("player-suggestions");
  var field = document.getElementById("id_player");
  var status = document.getElementById("player-suggestions-status");
  if (!box || !field || !field.form || !window.fetch) { return; }
  var list = box.querySelector("ul");
  var heading = box.querySelector("[data-heading]");
  var timer = null;
  var asked = 0;  // the latest request: a slower answer to an earlier one is dropped

  function clear() {
    list.replaceChildren();
    heading.textContent = "";
    box.hidden = true;
  }

  function show(data) {
    list.replaceChildren();
    data.results.forEach(function (p) {
      var item = document.createElement("li");
      var button = document.createElement("button");
      button.type = "button";
      button.dataset.testid = "suggestion";
      button.dataset.value = p.value;
      button.textContent = p.label;
      if (p.registered) {
        button.disabled = true;
        button.textContent = p.label + " (" + box.dataset.registered + ")";
      }
      button.addEventListener("click", function () {
        field.value = p.value;
        field.form.requestSubmit();
      });
      item.appendChild(button);
      list.appendChild(item);
    });
    heading.textContent = data.similar ? box.dataset.similar : "";
    box.hidden = data.results.length === 0;
  }

  field.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(function () {
      var q = field.value.trim();
      if (q.length < 2) { asked++; clear(); return; }
      var mine = ++asked;
      fetch(box.dataset.url + "?q=" + encodeURIComponent(q), {credentials: "same-origin"})
        .then(function (r) {
          return r.ok || r.status === 429 ? r.json() : {results: []};
        })
        .then(function (data) {
          if (mine !== asked) { return; }
          if (status) { status.textContent = data.detail || ""; }
          show(data);
        });
    }, 200);
  });
})();
