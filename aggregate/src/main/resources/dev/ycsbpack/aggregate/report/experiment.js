(function () {
  "use strict";
  // An experiment's page on the site: throughput and each operation's p50 / p95 / p99 per swept value, cell, arm or
  // run, drawn with the report's own chart code (report.js: window.YCSB_CHART), saveable as SVG, PNG and CSV. The
  // answers (knee, latency knee, SLO) are dashed vertical lines. Strings are only ever set as text.
  var X = JSON.parse(document.getElementById("xdata").textContent);
  var chart = window.YCSB_CHART;
  var root = document.getElementById("charts");
  var COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"];
  if (!X.points.length) { return; }
  var xs = X.points.map(function (p) { return p.x; });
  function labelAt(v) {
    for (var i = 0; i < X.points.length; i++) { if (X.points[i].x === v) { return X.points[i].label; } }
    return X.numeric ? String(v) : "";
  }
  function num(v) { return v === null || v === undefined ? "-" : Math.round(v).toLocaleString("en-US"); }
  function width(node) { return Math.max(360, Math.min(900, (node.clientWidth || 900) - 10)); }
  var spread = X.points.some(function (p) { return p.steps.length > 1; });
  var logX = X.numeric && xs[0] > 0 && xs[xs.length - 1] / xs[0] >= 8;
  var xAxis = {label: X.axis, splits: function () { return xs; },
    values: function (u, splits) { return splits.map(labelAt); }};
  var xSeries = {label: X.axis, value: function (u, v) { return v === null || v === undefined ? "-" : labelAt(v); }};
  var xScale = X.numeric ? (logX ? {time: false, distr: 3, log: 2} : {time: false})
    : {time: false, range: [0.5, xs.length + 0.5]};
  function markers() {
    return {hooks: {draw: [function (u) {
      var g = u.ctx, r = uPlot.pxRatio;
      X.markers.forEach(function (m, i) {
        var px = Math.round(u.valToPos(m.x, "x", true));
        g.save();
        g.strokeStyle = "#555"; g.setLineDash([6 * r, 4 * r]); g.lineWidth = r;
        g.beginPath(); g.moveTo(px, u.bbox.top); g.lineTo(px, u.bbox.top + u.bbox.height); g.stroke();
        // uPlot leaves the context aligned as its axes last drew: set it; a label that would leave the plot on
        // the right is drawn left of its line
        g.fillStyle = "#333"; g.font = (11 * r) + "px sans-serif"; g.textBaseline = "alphabetic";
        var right = px + 4 * r + g.measureText(m.label).width > u.bbox.left + u.bbox.width;
        g.textAlign = right ? "right" : "left";
        g.fillText(m.label, right ? px - 4 * r : px + 4 * r, u.bbox.top + (14 + 13 * i) * r);
        g.restore();
      });
    }]}};
  }
  function series(label, colour, dash, pick) {
    return [{label: label, stroke: colour, width: dash ? 1 : 2, dash: dash, points: {show: true, size: dash ? 4 : 7},
      value: function (u, v) { return num(v); }}, X.points.map(pick)];
  }
  function draw(title, node, yLabel, list, logY) {
    var data = [xs], ser = [xSeries];
    list.forEach(function (s) { ser.push(s[0]); data.push(s[1]); });
    chart(title, node, {width: width(node), height: 280, series: ser, plugins: [markers()],
      scales: {x: xScale, y: logY ? {distr: 3} : {}}, axes: [xAxis, {label: yLabel, size: 70}]}, data, false);
  }
  function box(title) {
    var h = document.createElement("h3");
    h.textContent = title;
    root.appendChild(h);
    var node = document.createElement("div");
    node.className = "chart";
    root.appendChild(node);
    return node;
  }
  var tp = [series(spread ? "throughput (median)" : "throughput", COLORS[0], undefined,
    function (p) { return p.throughput.median; })];
  if (spread) {
    tp.push(series("lowest run", "#888", [4, 3], function (p) { return p.throughput.min; }));
    tp.push(series("highest run", "#888", [4, 3], function (p) { return p.throughput.max; }));
  }
  var title = "Throughput (ops/s) per " + X.axis;
  draw(title, box(title), "ops/s", tp, false);
  X.operations.forEach(function (op) {
    var list = [];
    ["p50", "p95", "p99"].forEach(function (p, i) {
      list.push(series(op + " " + p + (spread ? " (median)" : ""), COLORS[i], undefined, function (pt) {
        var l = pt.latencyUs[op]; return l && l[p] ? l[p].median : null;
      }));
    });
    var t = op + " latency (us) per " + X.axis;
    draw(t, box(t), "us", list, true);
  });
})();
