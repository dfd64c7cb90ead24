// Anachronism replay: the arrow keys step back and forward, like the page's own links.
(function () {
  "use strict";
  function current() {
    var shown = document.querySelector(".replay-frames .frame:target");
    return shown || document.querySelector(".replay-frames .frame");
  }
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var tag = (event.target && event.target.tagName) || "";
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    var frame = current();
    if (!frame) return;
    var link = null;
    if (event.key === "ArrowRight") link = frame.querySelector("[data-testid=step-forward]");
    if (event.key === "ArrowLeft") link = frame.querySelector("[data-testid=step-back]");
    if (link) {
      event.preventDefault();
      link.click();
    }
  });
})();
