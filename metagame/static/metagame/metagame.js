// The metagame's charts (Chart.js, vendored): the figures come from the page's JSON data
// block; each chart has its table beside it, which screen readers and keyboards use.
(function () {
  "use strict";
  function start() {
    var node = document.getElementById("metagame-charts");
    if (!node || typeof Chart === "undefined") { return; }
    var data = JSON.parse(node.textContent);
    var pct = { y: { beginAtZero: true, max: 100, ticks: { callback: function (v) { return v + "%"; } } } };
    function bar(id, block) {
      var canvas = document.getElementById(id);
      if (!canvas || !block.labels.length) { return; }
      new Chart(canvas, {
        type: "bar",
        data: { labels: block.labels, datasets: [{ label: canvas.getAttribute("aria-label"), data: block.shares, backgroundColor: "#3367a6" }] },
        options: { maintainAspectRatio: false, animation: false, scales: pct, plugins: { legend: { display: false } } }
      });
    }
    bar("chart-sanctuaries", data.sanctuaries);
    bar("chart-factions", data.factions);
    document.querySelectorAll("canvas.chart-watch").forEach(function (canvas) {
      var trend = data.watch[Number(canvas.dataset.index)];
      new Chart(canvas, {
        type: "line",
        data: {
          labels: trend.months,
          datasets: [
            { label: data.share_label, data: trend.shares, borderColor: "#3367a6", spanGaps: true },
            { label: data.rate_label, data: trend.rates, borderColor: "#a63333", borderDash: [6, 3], spanGaps: true }
          ]
        },
        options: { maintainAspectRatio: false, animation: false, scales: pct }
      });
    });
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
