(function () {
  "use strict";
  // The index: click a column header to sort its table by it (again to reverse); type in the box to keep only the
  // rows that hold the text. Reads only the tables' own text, so a bundle's strings are never turned into markup.
  var tables = ["experiments", "bundles"].map(function (id) { return document.getElementById(id); })
    .filter(function (t) { return t !== null; });
  var filter = document.getElementById("filter");
  var count = document.getElementById("shown");
  function key(row, i, numeric) {
    var cell = row.cells[i];
    if (!numeric) { return cell.textContent.toLowerCase(); }
    var v = cell.getAttribute("data-sort");
    return v === null || v === "" ? -Infinity : Number(v);
  }
  tables.forEach(function (table) {
    var body = table.tBodies[0];
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, i) {
      th.className = "sort";
      th.setAttribute("title", "sort by " + th.textContent);
      th.addEventListener("click", function () {
        var numeric = th.getAttribute("data-type") === "num";
        var dir = th.getAttribute("data-dir") === "asc" ? -1 : 1;
        th.setAttribute("data-dir", dir === 1 ? "asc" : "desc");
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = key(a, i, numeric), y = key(b, i, numeric);
          return x < y ? -dir : x > y ? dir : 0;
        });
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
  });
  function apply() {
    var q = filter.value.trim().toLowerCase(), said = [];
    tables.forEach(function (table) {
      var body = table.tBodies[0], n = 0;
      Array.prototype.forEach.call(body.rows, function (r) {
        var hit = !q || r.textContent.toLowerCase().indexOf(q) >= 0;
        r.style.display = hit ? "" : "none";
        if (hit) { n++; }
      });
      said.push(n + " of " + body.rows.length + " " + table.id);
    });
    count.textContent = said.reverse().join(", ") + " shown";
  }
  filter.addEventListener("input", apply);
  apply();
})();
