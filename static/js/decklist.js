/* Card names as the player types a deck list: the line the caret is on ("3 garph") is
   looked up in the catalogue, and the names found show as buttons above the list; a tap
   completes the line ("3 Garphades") in the shape the list is read in and starts the next
   one. Cards banned in the event's format come last and say so. Without script the field
   is a plain text area. Too many searches in a minute are refused (429): the reason is
   said above the list. */
(function () {
  var form = document.querySelector("form[data-card-url]");
  var strip = document.getElementById("card-suggestions");
  var status = document.getElementById("card-suggestions-status");
  if (!form || !strip || !window.fetch) { return; }
  var area = form.querySelector("textarea[name=text]");
  if (!area) { return; }
  // The quantity first, as the list is read: "3 ", "3x ", "3 x ", "3x".
  var QUANTITY = /^(\s*\+?\d+(?:\s*[xX\u00d7]\s*|\s+))(.*)$/;
  var timer = null;
  var asked = 0;  // the latest request: a slower answer to an earlier one is dropped
  var line = null;  // the line being completed: where it starts and ends, its quantity

  function currentLine() {
    var text = area.value;
    var caret = area.selectionStart;
    var start = text.lastIndexOf("\n", caret - 1) + 1;
    var end = text.indexOf("\n", caret);
    if (end < 0) { end = text.length; }
    var found = QUANTITY.exec(text.slice(start, end));
    if (!found) { return null; }
    var name = found[2];
    // A comment, a heading, a quantity at the end, or a name already followed by its
    // reference in brackets: nothing to complete.
    if (/^(#|\/\/)/.test(name) || /[:)\]]\s*$/.test(name) || /\s[xX\u00d7]\s*\d+\s*$/.test(name)) {
      return null;
    }
    return {start: start, end: end, quantity: found[1], name: name.trim()};
  }

  function clear() {
    strip.replaceChildren();
    strip.hidden = true;
    line = null;
  }

  function complete(value) {
    line = currentLine() || line;  // typed on since the answer: the line as it is now
    if (!line) { return; }
    var text = area.value;
    var after = text.slice(line.end);
    var filled = line.quantity.replace(/\s+$/, "") + " " + value;
    var next = after.charAt(0) === "\n" ? after : "\n" + after;
    area.value = text.slice(0, line.start) + filled + next;
    var caret = line.start + filled.length + 1;
    clear();
    status.textContent = "";
    area.focus();
    area.setSelectionRange(caret, caret);
  }

  function show(results) {
    strip.replaceChildren();
    results.forEach(function (card) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "chip" + (card.banned ? " banned" : "");
      button.dataset.value = card.value;
      button.textContent = card.label;
      if (card.banned) {
        var note = document.createElement("span");
        note.className = "chip-note";
        note.textContent = " · " + strip.dataset.bannedText;
        button.appendChild(note);
      }
      button.addEventListener("click", function () { complete(card.value); });
      strip.appendChild(button);
    });
    strip.hidden = results.length === 0;
  }

  function lookUp() {
    var found = currentLine();
    if (!found || found.name.length < 2) { clear(); return; }
    var mine = ++asked;
    fetch(form.dataset.cardUrl + "?q=" + encodeURIComponent(found.name), {credentials: "same-origin"})
      .then(function (r) {
        return r.ok || r.status === 429 ? r.json() : {results: []};
      })
      .then(function (data) {
        if (mine !== asked) { return; }
        line = found;
        show(data.results);
        if (data.detail) {
          status.textContent = data.detail;
        } else if (data.results.length) {
          status.textContent = strip.dataset.foundText.replace("{n}", data.results.length);
        } else {
          status.textContent = "";
        }
      })
      .catch(function () { /* offline: the list is still typed by hand */ });
  }

  area.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(lookUp, 200);
  });
  area.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && !strip.hidden) { clear(); status.textContent = ""; }
  });
})();
