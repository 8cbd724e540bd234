(function () {
  "use strict";
  var DATA = document.getElementById("data"), D = DATA ? JSON.parse(DATA.textContent) : null;
  var COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"];

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    if (attrs) { for (var k in attrs) { e.setAttribute(k, attrs[k]); } }
    if (text !== undefined && text !== null) { e.textContent = text; }
    return e;
  }
  function fmtInt(v) { return v === null || v === undefined ? "n/a" : Math.round(v).toLocaleString("en-US"); }
  function fmt1(v) { return v === null || v === undefined ? "n/a" : v.toLocaleString("en-US", {minimumFractionDigits: 1, maximumFractionDigits: 1}); }
  function pct(v) { return v === null || v === undefined ? "n/a" : (v * 100).toFixed(3) + "%"; }
  function plabel(p) { return "p" + String(p); }
  // every date and time in 24-hour UTC, whatever the reader's locale
  function iso(ms) { return new Date(ms).toISOString().replace("T", " ").replace(/\.\d+Z$/, " UTC"); }
  function hms(sec) { return new Date(sec * 1e3).toISOString().substring(11, 19); }
  function width(node) { return Math.max(400, (node.clientWidth || 1000) - 10); }
  function table(head, rows) {
    var t = el("table"), tr = el("tr");
    head.forEach(function (h) { tr.appendChild(el("th", null, h)); });
    t.appendChild(tr);
    rows.forEach(function (r) {
      var row = el("tr");
      r.forEach(function (c, i) { var td = el("td", null, c); if (i > 0 && typeof c === "string" && /[a-z]/i.test(c) && !/^[\d,.%\s]+$/.test(c)) { td.className = "l"; } row.appendChild(td); });
      t.appendChild(row);
    });
    return t;
  }

  // Each chart: drawn with uPlot, saveable as SVG and PNG, its numbers as CSV (all made here, in the page: nothing is
  // fetched, so it works from file:// and any static host). window.YCSB_CHARTS lists them for the tests.
  var CHARTS = window.YCSB_CHARTS = [];
  function xml(t) { return String(t).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;"); }
  function csvCell(t) { t = String(t); return /[",\r\n]/.test(t) ? '"' + t.replace(/"/g, '""') + '"' : t; }
  function fileName(t) { return t.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^_+|_+$/g, "").substring(0, 80) || "chart"; }
  function chart(title, node, opts, data, isTime) {
    var u = new uPlot(opts, data, node);
    var xcol = function (x) { return isTime ? iso(x * 1e3) : (opts.series[0].value ? opts.series[0].value(u, x) : x); };
    function csv() {
      var head = [isTime ? "time_utc" : (opts.series[0].label || "x")];
      for (var j = 1; j < opts.series.length; j++) { head.push(opts.series[j].label); }
      var lines = [head.map(csvCell).join(",")];
      for (var i = 0; i < data[0].length; i++) {
        var row = [xcol(data[0][i])];
        for (j = 1; j < data.length; j++) { var v = data[j][i]; row.push(v === null || v === undefined ? "" : v); }
        lines.push(row.map(csvCell).join(","));
      }
      return lines.join("\r\n") + "\r\n";
    }
    var TITLE_H = 24, LEG_H = 18;
    function legendRows() { return Math.ceil((u.series.length - 1) / 4); }
    function svg() {
      var r = uPlot.pxRatio, W = u.width, PH = u.height, H = TITLE_H + PH + LEG_H * legendRows() + 8;
      var L = u.bbox.left / r, T = u.bbox.top / r + TITLE_H, BW = u.bbox.width / r, BH = u.bbox.height / r;
      var out = ['<svg xmlns="http://www.w3.org/2000/svg" width="' + W + '" height="' + H + '" viewBox="0 0 ' + W + " " + H + '" font-family="sans-serif" font-size="11">',
        '<rect width="100%" height="100%" fill="#fff"/>',
        '<text x="4" y="16" font-size="13" font-weight="bold">' + xml(title) + "</text>",
        '<rect x="' + L + '" y="' + T + '" width="' + BW + '" height="' + BH + '" fill="none" stroke="#999"/>'];
      var ys = u.scales[u.series[1] ? u.series[1].scale : "y"] || {};
      out.push('<text x="' + (L - 4) + '" y="' + (T + 10) + '" text-anchor="end">' + xml(fmtInt(ys.max)) + "</text>");
      out.push('<text x="' + (L - 4) + '" y="' + (T + BH) + '" text-anchor="end">' + xml(fmtInt(ys.min)) + "</text>");
      out.push('<text x="' + L + '" y="' + (T + BH + 14) + '">' + xml(xcol(u.scales.x.min)) + "</text>");
      out.push('<text x="' + (L + BW) + '" y="' + (T + BH + 14) + '" text-anchor="end">' + xml(xcol(u.scales.x.max)) + "</text>");
      for (var j = 1; j < u.series.length; j++) {
        var sr = u.series[j];
        if (!sr.show) { continue; }
        var d = "", pen = false;
        for (var i = 0; i < data[0].length; i++) {
          var v = data[j][i];
          if (v === null || v === undefined) { pen = sr.spanGaps ? pen : false; continue; }
          var x = L + u.valToPos(data[0][i], "x"), y = T + u.valToPos(v, sr.scale);
          d += (pen ? "L" : "M") + x.toFixed(1) + " " + y.toFixed(1);
          pen = true;
        }
        out.push('<path d="' + d + '" fill="none" stroke="' + xml(sr._stroke || sr.stroke || "#000") + '" stroke-width="' + (sr.width || 1) + '"' +
          (sr.dash ? ' stroke-dasharray="' + sr.dash.join(",") + '"' : "") + "/>");
      }
      for (j = 1; j < u.series.length; j++) {
        var lx = 4 + ((j - 1) % 4) * (W / 4), ly = TITLE_H + PH + LEG_H * Math.floor((j - 1) / 4) + 12;
        out.push('<line x1="' + lx + '" y1="' + (ly - 4) + '" x2="' + (lx + 16) + '" y2="' + (ly - 4) + '" stroke="' + xml(u.series[j]._stroke || "#000") + '" stroke-width="2"/>');
        out.push('<text x="' + (lx + 20) + '" y="' + ly + '">' + xml(u.series[j].label + (u.series[j].show ? "" : " (hidden)")) + "</text>");
      }
      out.push("</svg>");
      return out.join("\n");
    }
    function png() {
      var r = uPlot.pxRatio, src = u.ctx.canvas, W = u.width, H = TITLE_H + u.height + LEG_H * legendRows() + 8;
      var c = document.createElement("canvas");
      c.width = Math.round(W * r); c.height = Math.round(H * r);
      var g = c.getContext("2d");
      g.scale(r, r);
      g.fillStyle = "#fff"; g.fillRect(0, 0, W, H);
      g.fillStyle = "#000"; g.font = "bold 13px sans-serif"; g.fillText(title, 4, 16);
      g.drawImage(src, 0, TITLE_H, W, u.height);
      g.font = "11px sans-serif";
      for (var j = 1; j < u.series.length; j++) {
        var lx = 4 + ((j - 1) % 4) * (W / 4), ly = TITLE_H + u.height + LEG_H * Math.floor((j - 1) / 4) + 12;
        g.strokeStyle = u.series[j]._stroke || "#000"; g.lineWidth = 2;
        g.beginPath(); g.moveTo(lx, ly - 4); g.lineTo(lx + 16, ly - 4); g.stroke();
        g.fillStyle = "#000"; g.fillText(u.series[j].label + (u.series[j].show ? "" : " (hidden)"), lx + 20, ly);
      }
      return c.toDataURL("image/png");
    }
    var bar = el("div", {"class": "tools"}), base = fileName(title);
    [["SVG", base + ".svg", function () { return URL.createObjectURL(new Blob([svg()], {type: "image/svg+xml"})); }],
     ["PNG", base + ".png", png],
     ["CSV (the numbers)", base + ".csv", function () { return URL.createObjectURL(new Blob([csv()], {type: "text/csv"})); }]
    ].forEach(function (t) {
      var a = el("a", {href: "#", download: t[1]}, "Save " + t[0]);
      a.addEventListener("click", function () { a.setAttribute("href", t[2]()); });
      bar.appendChild(a);
    });
    node.appendChild(bar);
    CHARTS.push({title: title, uplot: u, svg: svg, png: png, csv: csv});
    return u;
  }

  // the site's experiment pages draw their charts with this same code; they hold no bundle's data
  window.YCSB_CHART = chart;
  if (!D) { return; }

  // what was run, before any figure
  var RUN = JSON.parse(document.getElementById("runfacts").textContent);
  var runTable = document.getElementById("run");
  Object.keys(RUN).forEach(function (k) {
    var tr = el("tr");
    tr.appendChild(el("th", null, k));
    tr.appendChild(el("td", null, RUN[k]));
    runTable.appendChild(tr);
  });

  // banners (what must be read before any number), server and summary
  var banner = document.getElementById("banner");
  if (!D.complete) {
    banner.appendChild(el("div", {"class": "banner"}, D.incomplete));
  }
  (D.warnings || []).forEach(function (w) {
    banner.appendChild(el("div", {"class": w.indexOf("NOT MongoDB") === 0 ? "banner" : "warn"}, w));
  });
  document.getElementById("server").textContent = D.server ? "Server: " + D.server : "Server: not recorded by the clients";
  var o = D.overall, w = D.window;
  document.getElementById("summary").textContent =
    o.clientsMerged + " of " + o.clients + " clients merged. " + (w.kind === "union" ? "Union" : "Common") + " window " +
    iso(w.startEpochMs) + " to " + iso(w.endEpochMs) +
    " (" + w.seconds.toFixed(1) + " s; warm-up " + w.warmupSeconds + " s, cool-down " + w.cooldownSeconds + " s). " +
    "Throughput " + fmt1(o.throughputOpsPerSec) + " ops/s over " + fmtInt(o.operations) + " operations. " +
    o.coverageStatement + " " +
    "Latencies in microseconds; percentiles read from the clients' summed HdrHistograms, never averaged.";
  var notes = document.getElementById("notes");
  if (D.forced) {
    notes.appendChild(el("p", {"class": "forced"}, "Merged with --force: the clients' configurations differ in " + D.configuration.differences.join(", ") + "."));
  }
  var ul = el("ul");
  D.notes.forEach(function (n) { ul.appendChild(el("li", {"class": "note"}, n)); });
  notes.appendChild(ul);

  // numbers
  var head = ["Operation", "Latency", "Count", "Ops/s", "Mean"];
  D.percentiles.forEach(function (p) { head.push(plabel(p)); });
  head.push("Max", "Errors", "Error rate");
  var rows = [];
  D.operations.forEach(function (op) {
    function row(kind, l, main) {
      var r = [op.name, kind, fmtInt(l.count), main ? fmt1(op.throughputOpsPerSec) : "", fmt1(l.mean)];
      D.percentiles.forEach(function (p) { r.push(fmtInt(l.percentiles[String(p)])); });
      r.push(fmtInt(l.max), main ? fmtInt(op.errors) : "", main ? pct(op.errorRate) : "");
      rows.push(r);
    }
    row(op.latencyKind, op.latencyUs, true);
    if (op.intendedLatencyUs) { row("intended", op.intendedLatencyUs, false); }
  });
  document.getElementById("numbers").appendChild(table(head, rows));

  // time series: the x axis is absolute time, shown in UTC like every other time in the report
  function utc(sec) { return uPlot.tzDate(new Date(sec * 1e3), "Etc/UTC"); }
  // whole seconds at least: the labels show hh:mm:ss, so finer steps would repeat a label
  var TIME_AXIS = {label: "time (UTC, 24-hour)", values: function (u, splits) { return splits.map(hms); },
    incrs: [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400]};
  var TIME_X = {label: "time (UTC)", value: function (u, v) { return v === null || v === undefined ? "-" : iso(v * 1e3); }};
  function ops(n) { return fmtInt(n) + (n === 1 ? " operation" : " operations"); }
  function sum(a) { var t = 0; a.forEach(function (v) { t += v; }); return t; }
  // The legend shows the values of the point under the cursor and nothing else: a legend at rest showing one
  // bucket's values was read as the run's figures (the tables hold those).
  var ts = D.timeSeries;
  function bucketSeconds(k) {
    var s = ts.startEpochMs + k * ts.bucketMs, e = Math.min(s + ts.bucketMs, D.window.endEpochMs);
    return Math.max(1, e - s) / 1000;
  }
  var isWorkload = function (n) { return n.indexOf("Intended-") !== 0 && n !== "CLEANUP"; };
  // The one time axis of every chart over time, in epoch seconds: from the first client bucket's start to the last's
  // (the merged window when there is no time series). The server and host charts use it too, so a moment is at the
  // same place in every chart.
  var hasTs = ts && ts.buckets > 0;
  var X0 = (hasTs ? ts.startEpochMs : D.window.startEpochMs) / 1000;
  var X1 = hasTs ? (ts.startEpochMs + (ts.buckets - 1) * ts.bucketMs) / 1000 : D.window.endEpochMs / 1000;
  if (X1 <= X0) { X1 = X0 + Math.max(1, (hasTs ? ts.bucketMs : 1000) / 1000); }
  var TIME_SCALE = {time: true, range: function () { return [X0, X1]; }};
  var CLIENT_TOTAL = null;
  if (!ts || ts.buckets === 0) {
    ["throughput", "latency"].forEach(function (id) {
      document.getElementById(id).appendChild(el("p", {"class": "note"}, "No time series: at least one client's logs hold one histogram for its whole run (it ran without -s)."));
    });
  } else {
    var xs = [], k;
    for (k = 0; k < ts.buckets; k++) { xs.push((ts.startEpochMs + k * ts.bucketMs) / 1000); }
    var names = Object.keys(ts.operations).filter(isWorkload);
    var data = [xs], series = [TIME_X], total = xs.map(function () { return 0; });
    names.forEach(function (n, i) {
      var c = ts.operations[n].count, ys = [];
      for (k = 0; k < ts.buckets; k++) { var v = c[k] / bucketSeconds(k); ys.push(v); total[k] += v; }
      data.push(ys);
      series.push({label: n, stroke: COLORS[i % COLORS.length], width: 1.5, value: function (u, v) { return v === null ? "-" : fmt1(v); }});
    });
    if (names.length > 1) {
      data.push(total);
      series.push({label: "total", stroke: "#000", width: 2, value: function (u, v) { return v === null ? "-" : fmt1(v); }});
    }
    CLIENT_TOTAL = {xs: xs, ys: total};
    var tpNode = document.getElementById("throughput");
    chart("Throughput over time (ops/s)", tpNode, {width: width(tpNode), height: 300, series: series, tzDate: utc,
      axes: [TIME_AXIS, {label: "ops/s", size: 70}], scales: {x: TIME_SCALE}}, data, true);

    var latNode = document.getElementById("latency");
    var most = 0;
    Object.keys(ts.operations).forEach(function (n) { most = Math.max(most, sum(ts.operations[n].count)); });
    Object.keys(ts.operations).filter(function (n) { return n.indexOf("Intended-") !== 0; }).forEach(function (n) {
      var s = ts.operations[n], intended = ts.operations["Intended-" + n];
      var d = [xs], ser = [TIME_X];
      function add(arr, label, color, dash, show) {
        d.push(arr.map(function (v) { return v > 0 ? v : null; }));
        ser.push({label: label, stroke: color, width: 1.5, dash: dash, show: show, spanGaps: false,
          value: function (u, v) { return v === null ? "-" : fmtInt(v) + " us"; }});
      }
      D.percentiles.forEach(function (p, i) { add(s.percentilesUs[String(p)], plabel(p), COLORS[i % COLORS.length], undefined, true); });
      add(s.maxUs, "max", "#000", undefined, true);
      if (intended) {
        D.percentiles.forEach(function (p, i) { add(intended.percentilesUs[String(p)], "intended " + plabel(p), COLORS[i % COLORS.length], [6, 4], p === 99); });
        add(intended.maxUs, "intended max", "#000", [6, 4], false);
      }
      var few = sum(s.count) < Math.max(100, most / 100);
      latNode.appendChild(el("h3", null, n + " (latency, us, log scale" + (few ? "; only " + ops(sum(s.count)) : "") + ")"));
      var box = el("div", {"class": "chart"});
      latNode.appendChild(box);
      chart(n + " latency over time (us)", box, {width: width(latNode), height: few ? 140 : 300, series: ser, tzDate: utc,
        scales: {x: TIME_SCALE, y: {distr: 3}}, axes: [TIME_AXIS, {label: "us", size: 70}]}, d, true);
    });
  }

  // Server and hosts: what the database and the machines did, sampled beside the clients, on the clients' time axis.
  // A figure a source did not report (every value null) is said, never drawn as 0.
  var TD = JSON.parse(document.getElementById("telemetry").textContent);
  var SERVER_GROUPS = [
    {title: "Operations: server opcounters beside the clients' throughput", unit: "ops/s", cols: /^opcounters\.[^.]+\.rate$/, clients: true},
    {title: "Documents touched", unit: "docs/s", cols: /^metrics\.document\.[^.]+\.rate$/},
    {title: "WiredTiger cache fill", unit: "% of maximum", of: "wiredTiger.cache.maxBytes",
      ratios: [["wiredTiger.cache.bytes", "in use"], ["wiredTiger.cache.dirtyBytes", "dirty"]]},
    {title: "WiredTiger pages read into and written from cache", unit: "pages/s", cols: /^wiredTiger\.cache\.pages(Read|Written)\.rate$/},
    {title: "Memory", unit: "MiB", cols: /^mem\.(resident|virtual)$/},
    {title: "Connections", unit: "count", cols: /^connections\.current$/},
    {title: "Global lock queues", unit: "count", cols: /^globalLock\.queue\./},
    {title: "Network", unit: "bytes/s", cols: /^network\.bytes(In|Out)\.rate$/},
    {title: "Replication lag per member", unit: "ms", cols: /^repl\..+\.lagMs$/}
  ];
  var HOST_GROUPS = [
    {title: "CPU", unit: "% of all CPUs", cols: /^cpu\.(user|system|iowait|steal)$/},
    {title: "Run queue", unit: "count", cols: /^procs\.(running|blocked)$/},
    {title: "Memory", unit: "bytes", cols: /^mem\.(available|cached|dirty)$/},
    {title: "Disk busy", unit: "%", cols: /^disk\..+\.busy$/},
    {title: "Disk throughput", unit: "bytes/s", cols: /^disk\..+\.(readBytes|writeBytes)$/},
    {title: "Network", unit: "bytes/s", cols: /^net\..+\.(rxBytes|txBytes)$/}
  ];
  function telemetryLines(s, g) {
    var lines = [];
    if (g.ratios) {
      var of = s.columns.map(function (c) { return c.name; }).indexOf(g.of);
      g.ratios.forEach(function (r) {
        var i = s.columns.map(function (c) { return c.name; }).indexOf(r[0]);
        if (i < 0) { return; }
        lines.push({label: r[1], ys: s.v[i].map(function (v, k) {
          var m = of < 0 ? null : s.v[of][k];
          return v === null || m === null || !(m > 0) ? null : 100 * v / m;
        })});
      });
    } else {
      s.columns.forEach(function (c, i) { if (g.cols.test(c.name)) { lines.push({label: c.name, ys: s.v[i]}); } });
    }
    return lines;
  }
  // one x array for lines sampled at other instants: the union of their times, null where a line has no sample
  function joinTimes(parts) {
    var seen = {}, xs = [];
    parts.forEach(function (p) { p.xs.forEach(function (x) { if (!seen[x]) { seen[x] = true; xs.push(x); } }); });
    xs.sort(function (a, b) { return a - b; });
    return [xs].concat(parts.map(function (p) {
      var at = {};
      p.xs.forEach(function (x, k) { at[x] = p.ys[k]; });
      return xs.map(function (x) { var v = at[x]; return v === undefined ? null : v; });
    }));
  }
  function telemetryChart(node, s, g, what) {
    var lines = telemetryLines(s, g);
    var reported = lines.filter(function (l) { return l.ys.some(function (v) { return v !== null; }); });
    var title = g.title + " (" + g.unit + ")";
    if (!reported.length) {
      node.appendChild(el("p", {"class": "note notreported"}, g.title + ": not reported by this " + what + "."));
      return;
    }
    var xs = s.t.map(function (t) { return t / 1000; });
    var parts = reported.map(function (l) { return {xs: xs, ys: l.ys}; });
    var ser = [TIME_X].concat(reported.map(function (l, i) {
      return {label: l.label, stroke: COLORS[i % COLORS.length], width: 1.5, spanGaps: true, value: function (u, v) { return v === null ? "-" : fmt1(v); }};
    }));
    if (g.clients && CLIENT_TOTAL) {
      parts.push(CLIENT_TOTAL);
      ser.push({label: "clients: total ops/s", stroke: "#000", width: 2, dash: [6, 4], spanGaps: true, value: function (u, v) { return v === null ? "-" : fmt1(v); }});
      node.appendChild(el("p", {"class": "note"}, "A server rate is drawn at the sample that ends its interval; the clients' total at the start of its bucket, as in the throughput chart."));
    }
    node.appendChild(el("h4", null, title));
    var box = el("div", {"class": "chart"});
    node.appendChild(box);
    chart(s.label + ": " + title, box, {width: width(node), height: 220, series: ser, tzDate: utc,
      axes: [TIME_AXIS, {label: g.unit, size: 70}], scales: {x: TIME_SCALE}}, joinTimes(parts), true);
  }
  function selfCheck(node, sum) {
    var c = sum && sum.opcounterCheck;
    if (!c) { return; }
    node.appendChild(el("h4", null, "Self-check: the server's opcounters against the clients' operations"));
    if (c.notReported) {
      node.appendChild(el("p", {"class": "note notreported"}, "Opcounters: not reported by this server, so the clients' counts cannot be checked against it."));
      return;
    }
    var t = table(["Counter", "Clients' operations", "Server", "Clients", "Relative"], c.rows.map(function (r) {
      return [r.counter, r.clientOperations, fmtInt(r.server), fmtInt(r.clients), r.relative];
    }));
    t.className = "selfcheck";
    node.appendChild(t);
    node.appendChild(el("p", {"class": c.note ? "warn" : "note"}, c.note ? "Self-check: " + c.note :
      "The server counted what the clients did (each counter within 2% or 50 operations), over its first to last sample; clients counted: " + c.clients.join(", ") + "."));
  }
  if (TD) {
    var sh = document.getElementById("serverhosts");
    sh.appendChild(el("h2", null, "Server and hosts"));
    sh.appendChild(el("p", {"class": "note"}, "Sampled beside the clients (serverStatus, replSetGetStatus, each machine's /proc), on the same time axis as the client charts above; the tables' figures are inside the merged window."));
    var sums = (D.telemetry && D.telemetry.series) || [];
    TD.forEach(function (s, i) {
      var isHost = s.source.indexOf("host-") === 0, what = isHost ? "host" : "server";
      var part = el("div", {"class": "telemetry-series"});
      sh.appendChild(part);
      part.appendChild(el("h3", null, (isHost ? "Host " : "Server ") + s.label));
      var id = Object.keys(s.identity).map(function (k) { return k + " " + s.identity[k]; }).join(" · ");
      if (id) { part.appendChild(el("p", {"class": "meta"}, id)); }
      if (s.notes.length) {
        var nl = el("ul");
        s.notes.forEach(function (n) { nl.appendChild(el("li", {"class": "note"}, n)); });
        part.appendChild(nl);
      }
      if (!isHost) { selfCheck(part, sums[i]); }
      (isHost ? HOST_GROUPS : SERVER_GROUPS).forEach(function (g) { telemetryChart(part, s, g, what); });
    });
    if (D.telemetry && D.telemetry.notes.length) {
      var tl = el("ul");
      D.telemetry.notes.forEach(function (n) { tl.appendChild(el("li", {"class": "note"}, n)); });
      sh.appendChild(tl);
    }
  }

  // distribution
  var distNode = document.getElementById("distribution");
  var MAXX = 6;
  function tail(p) { return p >= 100 ? MAXX : Math.min(MAXX, -Math.log10(1 - p / 100)); }
  D.operations.forEach(function (op) {
    var curves = [{name: op.latencyKind, l: op.latencyUs}];
    if (op.intendedLatencyUs) { curves.push({name: "intended", l: op.intendedLatencyUs}); }
    var xsSet = {};
    curves.forEach(function (c) { c.l.distribution.forEach(function (pt) { xsSet[tail(pt[0]).toFixed(6)] = true; }); });
    var dx = Object.keys(xsSet).map(Number).sort(function (a, b) { return a - b; });
    var d = [dx], ser = [{label: "percentile", value: function (u, v) { return v === null ? "-" : (100 * (1 - Math.pow(10, -v))).toFixed(4) + "%"; }}];
    curves.forEach(function (c, i) {
      var m = {};
      c.l.distribution.forEach(function (pt) { m[tail(pt[0]).toFixed(6)] = pt[1] > 0 ? pt[1] : null; });
      d.push(dx.map(function (x) { var v = m[x.toFixed(6)]; return v === undefined ? null : v; }));
      ser.push({label: op.name + " " + c.name, stroke: COLORS[i], width: 2, spanGaps: true,
        value: function (u, v) { return v === null ? "-" : fmtInt(v) + " us"; }});
    });
    var fewOps = op.latencyUs.count < 100;
    distNode.appendChild(el("h3", null, op.name + " (latency, us, log scale" + (fewOps ? "; only " + ops(op.latencyUs.count) : "") + ")"));
    var box = el("div", {"class": "chart"});
    distNode.appendChild(box);
    chart(op.name + " latency distribution (us)", box, {width: width(distNode), height: fewOps ? 140 : 280, series: ser, scales: {x: {time: false, range: [0, MAXX]}, y: {distr: 3}},
      axes: [{label: "percentile",
              splits: function () { return [0, 1, 2, 3, 4, 5, 6]; },
              values: function (u, vals) { return vals.map(function (v) { return ["0%", "90%", "99%", "99.9%", "99.99%", "99.999%", "max"][Math.round(v)] || ""; }); }},
             {label: "us", size: 70}]}, d, false);
  });

  // clients
  var crows = D.clients.map(function (c) {
    if (c.failed) { return [c.name, c.host, "FAILED: " + c.failure, "", "", "", "", ""]; }
    var share = c.reportedOperations ? " (" + (100 * c.windowOperations / c.reportedOperations).toFixed(1) + "%)" : "";
    return [c.name, c.host, fmt1(c.throughputOpsPerSec), (c.runTimeMs / 1000).toFixed(1), iso(c.startEpochMs) + " to " + iso(c.endEpochMs),
      fmtInt(c.reportedOperations), fmtInt(c.windowOperations) + share, fmt1(c.windowThroughputOpsPerSec)];
  });
  document.getElementById("clients").appendChild(table(["Client", "Host", "Own throughput (ops/s)", "Own run (s)", "Logged span", "Ops reported", "Ops in window", "Ops/s in window"], crows));

  function kv(container, check, what) {
    var keys = Object.keys(check.common);
    if (keys.length) {
      container.appendChild(el("h3", null, "Equal on every client"));
      container.appendChild(table(["Property", "Value"], keys.map(function (k) { return [k, check.common[k]]; })));
    }
    var pk = Object.keys(check.perClient);
    if (pk.length) {
      container.appendChild(el("h3", null, "Different per client" + (what ? " (" + what + ")" : "")));
      var clients = D.clients.map(function (c) { return c.name; });
      container.appendChild(table(["Property"].concat(clients), pk.map(function (k) {
        return [k + (check.differences.indexOf(k) >= 0 ? " (differs!)" : "")].concat(clients.map(function (c) { var v = check.perClient[k][c]; return v === undefined ? "" : v; }));
      })));
    }
    if (!keys.length && !pk.length) { container.appendChild(el("p", {"class": "note"}, "None recorded.")); }
  }
  kv(document.getElementById("config"), D.configuration, "key ranges and output settings may differ");
  kv(document.getElementById("environment"), D.environment, "");
})();
