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
  // of the page and the reason in it: show it, as a plain form post would. The answer is
  // retargeted (HX-Retarget) at the part on the page now, so a tap that lost the race with
  // the timer still shows why, even after a poll replaced the part it was sent from.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var source = event.detail.requestConfig && event.detail.requestConfig.elt;
    var status = event.detail.xhr.status;
    var answered = source && source.matches && source.matches("form.pack, form.placing");
    if (answered && status >= 400 && status < 500) {
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

  // Deck building: a tap on a card moves it between the deck and the pool (one copy in,
  // or every copy out), − and + change its copies, and the running count of cards in the
  // deck stands against the minimum. Each change is saved on the server at once (the
  // number fields are the form's truth; the page only moves them about).
  function deckCount() {
    var form = document.querySelector("[data-deck-builder]");
    if (!form) { return; }
    var min = parseInt(form.dataset.min, 10) || 0;
    var out = form.querySelector("[data-deck-count]");
    var inputs = form.querySelectorAll("input[data-copies]");
    form.querySelectorAll("[data-copies-step][hidden]").forEach(function (b) { b.hidden = false; });
    function update() {
      var n = total(inputs);
      out.textContent = n;
      out.classList.toggle("short", n < min);
    }
    function zoneOf(input) {
      var n = parseInt(input.value, 10);
      return !isNaN(n) && n > 0 ? "deck" : "pool";
    }
    // The card's line goes to the zone its count says, in its place among the others.
    function file(input) {
      var row = input.closest("li[data-order]");
      var list = form.querySelector("ul[data-zone=" + zoneOf(input) + "]");
      if (!row || !list || row.parentNode === list) { return; }
      var order = parseInt(row.dataset.order, 10);
      var next = Array.prototype.find.call(list.children, function (item) {
        return parseInt(item.dataset.order, 10) > order;
      });
      list.insertBefore(row, next || null);
    }
    function set(input, n) {
      var top = parseInt(input.max, 10);
      input.value = String(Math.max(0, Math.min(n, isNaN(top) ? n : top)));
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
    form.addEventListener("click", function (event) {
      var step = event.target.closest("[data-copies-step]");
      var card = event.target.closest("[data-move-card]");
      if (!step && !card) { return; }
      var input = event.target.closest("li").querySelector("input[data-copies]");
      var n = parseInt(input.value, 10) || 0;
      if (step) {
        set(input, n + parseInt(step.dataset.copiesStep, 10));
      } else {
        event.preventDefault();  // a tap on the name moves the card, it does not focus the field
        set(input, n > 0 ? 0 : 1);
      }
    });
    form.addEventListener("change", function (event) {
      if (event.target.matches("input[data-copies]")) { file(event.target); }
    });
    form.addEventListener("input", function (event) {
      update();
      // typing keeps the line in place until the field is left; a tap files it at once
      if (event.target !== document.activeElement) { file(event.target); }
    });
    update();
    autosave(form);
  }

  // The builder saves the deck after each change, one request at a time and in order: at
  // the deadline the last saved deck is the seat's deck if it is legal.
  function autosave(form) {
    var url = form.dataset.saveUrl;
    var status = form.querySelector("[data-deck-saved]");
    if (!url || !window.fetch) { return; }
    var timer = null, sending = false, again = false;
    function say(text) { if (status) { status.textContent = text; } }
    function save() {
      timer = null;
      if (sending) { again = true; return; }
      sending = true;
      var body = new FormData(form);
      fetch(url, {
        method: "POST",
        body: body,
        credentials: "same-origin",
        headers: { "X-CSRFToken": body.get("csrfmiddlewaretoken") || "" }
      }).then(function (response) {
        sending = false;
        if (again) { again = false; save(); return; }
        if (response.ok) {
          say(status && status.dataset.savedText);
          form.dataset.saved = "1";  // for the tests: the deck shown is the deck saved
        } else {
          response.text().then(say);
        }
      }, function () {
        sending = false;
        say("");
      });
    }
    form.addEventListener("input", function () {
      form.dataset.saved = "0";
      say(status && status.dataset.savingText);
      if (timer !== null) { window.clearTimeout(timer); }
      timer = window.setTimeout(save, 300);
    });
  }

  // The bid: steppers and quick buttons set the amount, which the form says in words
  // ("You bid 3 points") above the button that sends it. Typing stays possible: the field
  // starts empty (the minimum as its placeholder) and a tap in it selects what is there,
  // so what is typed replaces it. The server checks the bid whatever the page sends.
  function bidForms() {
    var form = document.querySelector("form[data-bid]");
    if (!form || form.dataset.ready === "1") { return; }
    form.dataset.ready = "1";
    var input = form.querySelector("input[name=amount]");
    var words = form.querySelector("[data-bid-words]");
    var send = form.querySelector("button[value=bid]");
    var min = parseInt(form.dataset.min, 10), max = parseInt(form.dataset.max, 10);
    form.querySelectorAll("[hidden]").forEach(function (node) { node.hidden = false; });
    function amount() {
      return /^\d+$/.test(input.value.trim()) ? parseInt(input.value, 10) : null;
    }
    function say() {
      var n = amount();
      var fine = n !== null && n >= min && n <= max;
      if (n === null) {
        words.textContent = "";
      } else if (!fine) {
        words.textContent = form.dataset.wordsRange;
      } else {
        words.textContent = n === 1 ? form.dataset.wordsOne
          : form.dataset.wordsOther.replace("__N__", String(n));
      }
      words.classList.toggle("error", n !== null && !fine);
      send.disabled = !fine;
    }
    form.addEventListener("click", function (event) {
      var button = event.target.closest("[data-bid-step], [data-bid-set]");
      if (!button) { return; }
      var n = amount();
      if (button.dataset.bidSet) {
        n = parseInt(button.dataset.bidSet, 10);
      } else {
        n = n === null ? min : n + parseInt(button.dataset.bidStep, 10);
      }
      input.value = String(Math.min(Math.max(n, min), max));
      say();
    });
    // the tap that focused the field would place a caret on release, undoing the selection
    var focusing = false;
    input.addEventListener("focus", function () { input.select(); focusing = true; });
    input.addEventListener("mouseup", function (event) {
      if (focusing) { event.preventDefault(); }
      focusing = false;
    });
    input.addEventListener("keydown", function () { focusing = false; });
    input.addEventListener("input", say);
    say();
  }

  // Where the site runs its stream server, the page hears of each new version of its pod
  // there and fetches its part only then; its own poll is a slow safety net. While the
  // stream is down (a reconnect, a server that refuses it) the page asks every second.
  // When a step ends the stream also sends the next pack as data ("pack", before the
  // version): the page draws it from the card list it loaded once, without a fetch, if it
  // showed the pod as it was just before (the data's "since"); otherwise it fetches.
  function podStream() {
    var holder = document.querySelector("[data-pod-stream]");
    if (!holder || !window.EventSource || !window.htmx) { return; }
    var source = new EventSource(holder.dataset.podStream);
    var fallback = null;
    var heard = null;  // the newest version the stream has named
    var news = null;   // the newest pack it has sent
    function refresh() {
      var live = document.getElementById("draft-live");
      if (live && live.hasAttribute("hx-get")) { window.htmx.trigger(live, "op:changed"); }
    }
    function polling(on) {
      if (on && fallback === null) { fallback = window.setInterval(refresh, 1000); }
      if (!on && fallback !== null) { window.clearInterval(fallback); fallback = null; }
    }
    // Bring the page up to the version heard: from the data when it can, else a fetch.
    function catchUp() {
      var live = document.getElementById("draft-live");
      if (!live || heard === null) { return; }
      if (live.dataset.phase === "done") { source.close(); return; }
      var shown = parseInt(live.dataset.version, 10);
      if (!(heard > shown)) { return; }
      if (news !== null && news.v === heard && news.since === shown && drawPack(live, news)) { return; }
      refresh();
    }
    source.addEventListener("open", function () { polling(false); });
    source.addEventListener("error", function () { polling(true); });
    source.addEventListener("pack", function (event) {
      try { news = JSON.parse(event.data); } catch (e) { news = null; }
    });
    source.addEventListener("pod", function (event) {
      polling(false);
      heard = parseInt(event.data, 10);
      if (isNaN(heard)) { heard = null; refresh(); return; }
      holder.dataset.heard = String(heard);  // for the tests: what the stream has said
      catchUp();
    });
    // A part swapped in by htmx (a pick's answer) may be older than what the stream has
    // said meanwhile: catch up again.
    document.addEventListener("htmx:afterSettle", function (event) {
      if (event.target && event.target.id === "draft-live") { catchUp(); }
    });
  }

  var packCards = null;
  function cardList() {
    if (packCards === null) {
      var node = document.getElementById("draft-pack-cards");
      try { packCards = node ? JSON.parse(node.textContent) : false; } catch (e) { packCards = false; }
    }
    return packCards || null;
  }

  function span(testid, text) {
    var node = document.createElement("span");
    node.dataset.testid = testid;
    node.textContent = text;
    return node;
  }

  // One card of the pack as _draft_live.html shows it, from the card list.
  function drawCard(prototype, instance, card) {
    var item = prototype.cloneNode(true);
    item.removeAttribute("data-slot");
    var label = item.querySelector(".pack-card");
    if (card.rarity) { label.classList.add("rarity-" + card.rarity); }
    label.dataset.cardName = card.name;
    item.querySelector("input.pack-choice").setAttribute("value", String(instance));
    item.querySelector(".card-name").textContent = card.name;
    var kind = item.querySelector("[data-slot=kind]");
    kind.removeAttribute("data-slot");
    if (card.faction) { kind.append(span("card-faction", card.faction), " · "); }
    kind.append(span("card-type", card.type));
    if (card.cost !== null) { kind.append(" · ", span("card-cost", card.cost)); }
    var print = item.querySelector("[data-slot=print]");
    print.removeAttribute("data-slot");
    if (card.rarity) {
      print.append(span("card-rarity", card.rarity_label), " · " + card.ref);
    } else {
      print.append(card.ref);
    }
    return item;
  }

  // The drafter's part of the page for the pack the stream sent; false (nothing changed)
  // when the page lacks what it needs, and then the caller fetches the part instead.
  function drawPack(live, news) {
    var template = document.getElementById("draft-pack-template");
    var list = cardList();
    if (!template || !list || !news.cards || !news.cards.length) { return false; }
    var seconds = list.seconds[String(news.seconds)];
    var side = template.dataset[news.direction];
    if (!seconds || !side) { return false; }
    for (var i = 0; i < news.cards.length; i++) {
      if (!list.cards[String(news.cards[i][1])]) { return false; }
    }
    var part = template.content.cloneNode(true);
    var clock = part.querySelector(".countdown");
    clock.dataset.deadline = news.deadline;
    clock.dataset.serverNow = news.now;
    part.querySelector("[data-testid=step]").textContent = template.dataset.stepText
      .replace("__ROUND__", news.round).replace("__PICK__", news.pick);
    var direction = part.querySelector("[data-testid=direction]");
    direction.insertBefore(document.createTextNode(side + "\n      "), direction.firstChild);
    var help = direction.querySelector("[data-slot=seconds]");
    help.removeAttribute("data-slot");
    help.textContent = "· " + seconds;
    part.querySelector("input[name=pack_round]").setAttribute("value", String(news.round));
    part.querySelector("input[name=pick_number]").setAttribute("value", String(news.pick));
    var prototype = part.querySelector("[data-slot=card]");
    var cards = prototype.parentNode;
    news.cards.forEach(function (pair) {
      cards.insertBefore(drawCard(prototype, pair[0], list.cards[String(pair[1])]), prototype);
    });
    prototype.remove();
    // The same element stays (a pick on its way still lands in it); htmx reads its new
    // address, which names the version now shown.
    live.replaceChildren(part);
    live.dataset.version = String(news.v);
    live.dataset.phase = "drafting";
    live.setAttribute("hx-get", live.getAttribute("hx-get").split("?")[0] + "?v=" + news.v);
    window.htmx.process(live);
    document.dispatchEvent(new Event("op:refreshed"));
    return true;
  }

  document.addEventListener("DOMContentLoaded", function () {
    podStream();
    packForms();
    deckCount();
    bidForms();
  });
  document.addEventListener("htmx:afterSettle", bidForms);
})();
