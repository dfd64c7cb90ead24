// Draft pages, progressive enhancement only: every form works without this file.
(function () {
  "use strict";

  // A part of the page swapped by htmx (the pod moved on): count down its clocks too.
  document.addEventListener("htmx:afterSettle", function () {
    document.dispatchEvent(new Event("op:refreshed"));
  });

  // A pick swaps in the drafter's part of the page, and the focus (on the card or the button
  // that took it) goes with the old part: it moves to the new step's heading, so a keyboard
  // carries on from there rather than from the top of the page.
  document.addEventListener("htmx:afterSettle", function (event) {
    var source = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (!source || !source.matches || !source.matches("form.pack")) { return; }
    if (document.activeElement && document.activeElement !== document.body) { return; }
    var heading = document.querySelector("#draft-live [data-pick-focus]");
    if (heading) { heading.focus(); }
  });

  // A pick refused (the step is over, a repeated tap) answers 4xx with the drafter's part
  // of the page and the reason in it: show it, as a plain form post would.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var source = event.detail.requestConfig && event.detail.requestConfig.elt;
    var status = event.detail.xhr.status;
    if (source && source.matches && source.matches("form.pack") && status >= 400 && status < 500) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });

  // One pick per step: once the form is sent, a second tap before the page changes sends
  // nothing more.
  function packForms() {
    document.addEventListener("submit", function (event) {
      var form = event.target;
      if (!form.matches || !form.matches("form.pack")) { return; }
      if (form.dataset.sent === "1") { event.preventDefault(); return; }
      form.dataset.sent = "1";
    });
    // A tap chooses a card (the radio), so a mis-tap is not final; a second tap on the
    // chosen card, or the button "Take <card>", takes it. Without this file the drafter
    // chooses a card and presses the button.
    document.addEventListener("click", function (event) {
      var input = event.target;
      if (!input.matches || !input.matches("form.pack input.pack-choice")) { return; }
      var form = input.form;
      if (form.dataset.chosen === input.value) {
        var take = form.querySelector("[data-take-template]");
        if (form.requestSubmit) { form.requestSubmit(take); } else { take.click(); }
        return;
      }
      chosen(form, input);
    });
    document.addEventListener("change", function (event) {
      var input = event.target;
      if (input.matches && input.matches("form.pack input.pack-choice") && input.checked) {
        chosen(input.form, input);
      }
    });
  }

  function chosen(form, input) {
    form.dataset.chosen = input.value;
    form.querySelectorAll(".pack-card").forEach(function (card) {
      card.classList.toggle("chosen", card.contains(input));
    });
    var take = form.querySelector("[data-take-template]");
    var card = input.closest(".pack-card");
    if (take && card) {
      take.textContent = take.dataset.takeTemplate.replace("%(card)s", card.dataset.cardName);
    }
  }

  function total(inputs) {
    var sum = 0;
    inputs.forEach(function (input) {
      var n = parseInt(input.value, 10);
      if (!isNaN(n) && n > 0) { sum += n; }
    });
    return sum;
  }

  // Deck building: the running count of cards in the deck against the minimum.
  function deckCount() {
    var form = document.querySelector("[data-deck-builder]");
    if (!form) { return; }
    var min = parseInt(form.dataset.min, 10) || 0;
    var out = form.querySelector("[data-deck-count]");
    var inputs = form.querySelectorAll("input[data-copies]");
    function update() {
      var n = total(inputs);
      out.textContent = n;
      out.classList.toggle("short", n < min);
    }
    form.addEventListener("input", update);
    update();
    autosave(form);
  }

  // The builder saves the deck as the drafter works (a second after the last change): at
  // the deadline the last saved deck is the seat's deck if it is legal.
  function autosave(form) {
    var url = form.dataset.saveUrl;
    var status = form.querySelector("[data-deck-saved]");
    if (!url || !window.fetch) { return; }
    var timer = null;
    function save() {
      timer = null;
      var body = new FormData(form);
      fetch(url, {
        method: "POST",
        body: body,
        credentials: "same-origin",
        headers: { "X-CSRFToken": body.get("csrfmiddlewaretoken") || "" }
      }).then(function (response) {
        if (!status) { return; }
        if (response.ok) {
          status.textContent = status.dataset.savedText;
        } else {
          response.text().then(function (text) { status.textContent = text; });
        }
      });
    }
    form.addEventListener("input", function () {
      if (timer !== null) { window.clearTimeout(timer); }
      timer = window.setTimeout(save, 1000);
    });
  }

  // The auction winner's screen: the running count of cards left to place.
  function leftToPlace() {
    var form = document.querySelector("form[data-distribution]");
    var box = document.querySelector("[data-to-place]");
    if (!form || !box) { return; }
    var out = box.querySelector("[data-left-count]");
    var needed = parseInt(box.dataset.toPlace, 10) || 0;
    function update() {
      var left = needed - total(form.querySelectorAll("input[data-move]"));
      out.textContent = left;
      out.classList.toggle("short", left !== 0);
    }
    form.addEventListener("input", update);
    update();
  }

  // Where the site runs its stream server, the page hears of each new version of its pod
  // there and fetches its part only then; its own poll is a slow safety net. While the
  // stream is down (a reconnect, a server that refuses it) the page asks every second.
  function podStream() {
    var holder = document.querySelector("[data-pod-stream]");
    if (!holder || !window.EventSource || !window.htmx) { return; }
    var source = new EventSource(holder.dataset.podStream);
    var fallback = null;
    function refresh() {
      var live = document.getElementById("draft-live");
      if (live && live.hasAttribute("hx-get")) { window.htmx.trigger(live, "op:changed"); }
    }
    function polling(on) {
      if (on && fallback === null) { fallback = window.setInterval(refresh, 1000); }
      if (!on && fallback !== null) { window.clearInterval(fallback); fallback = null; }
    }
    source.addEventListener("open", function () { polling(false); });
    source.addEventListener("error", function () { polling(true); });
    source.addEventListener("pod", function (event) {
      polling(false);
      var live = document.getElementById("draft-live");
      if (!live) { return; }
      if (live.dataset.phase === "done") { source.close(); return; }
      if (live.dataset.version !== event.data) { refresh(); }
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    podStream();
    packForms();
    deckCount();
    leftToPlace();
  });
  document.addEventListener("htmx:afterSettle", leftToPlace);
})();
