/* deduce: Share and export.  The link opens the same puzzle at the same position: the player's
   digits, pencil marks and colours ride in the link's "g" part (base64url of a small JSON
   record: {v: digits as a line, m: marks, c: cell colours, k: candidate colours}).  The
   f-puzzles and SudokuPad links (made by the server, POST /app/export, from the position as the
   hints send it: {digits, marks}) carry the givens, the player's digits, pencil marks as centre
   marks (a single mark too) and cell colours as highlights. */
(window.DeduceFeatures = window.DeduceFeatures || []).push(function (app) {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };
  var query = new URLSearchParams(location.search);
  var pending = query.get("p") && query.get("g") ? { src: query.get("p"), g: query.get("g") } : null;

  function toBase64url(text) {
    var bytes = new TextEncoder().encode(text), bin = "";
    bytes.forEach(function (b) { bin += String.fromCharCode(b); });
    return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  function fromBase64url(text) {
    var bin = atob(text.replace(/-/g, "+").replace(/_/g, "/")), bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) { bytes[i] = bin.charCodeAt(i); }
    return new TextDecoder().decode(bytes);
  }
  function digitsLine(g, D) { return g.v.map(function (v) { return v >= 0 ? D.symbols[v] : "."; }).join(""); }
  function record() {
    var g = app.game(), D = app.board(), c = g.colours || { cell: {}, cand: {} };
    return { v: digitsLine(g, D), m: g.m.map(function (m, k) { return g.v[k] >= 0 ? 0 : m; }).join(","),
      c: c.cell, k: c.cand };
  }
  function link() {
    var g = app.game();
    return location.origin + "/?p=" + encodeURIComponent(g.src) + "&g=" + toBase64url(JSON.stringify(record()));
  }
  // the position of a shared link, once its puzzle is open
  app.on("start", function () {
    var g = app.game(), D = app.board();
    if (!pending || g.src !== pending.src) { return; }
    var doc;
    try { doc = JSON.parse(fromBase64url(pending.g)); } catch (e) { doc = null; }
    pending = null;
    var marks = doc && typeof doc.m === "string" ? doc.m.split(",").map(Number) : [];
    if (!doc || typeof doc.v !== "string" || doc.v.length !== g.v.length || marks.length !== g.v.length) {
      app.coach("The link's position could not be read; the puzzle opens at its start.");
      return;
    }
    g.v = D.givens.map(function (given, k) {
      if (given >= 0) { return given; }
      var s = D.symbols.indexOf(doc.v[k]);
      return s;
    });
    g.m = marks.map(function (m, k) { return g.v[k] < 0 && m > 0 && m < 1 << D.size ? m : 0; });
    var ok = function (x) { return Number.isInteger(x) && x >= 0 && x < 6; };
    g.colours = { cell: {}, cand: {} };
    Object.keys(doc.c || {}).forEach(function (k) { if (ok(doc.c[k]) && +k >= 0 && +k < g.v.length) { g.colours.cell[k] = doc.c[k]; } });
    Object.keys(doc.k || {}).forEach(function (k) { if (ok(doc.k[k]) && /^\d+:\d+$/.test(k)) { g.colours.cand[k] = doc.k[k]; } });
    g.undo = []; g.redo = [];
    g.timer = { ms: 0, paused: false };
  });

  // -- the Share box -----------------------------------------------------------------------------
  var box = $("share-box");
  if (box) {
    box.insertAdjacentHTML("beforeend", '<span class="exports">Export with your digits: ' +
      '<button type="button" id="export-fpuzzles">f-puzzles</button> ' +
      '<button type="button" id="export-sudokupad">SudokuPad</button></span>' +
      '<span id="export-links" class="export-links"></span>');
  }
  app.on("share", function () {
    var text = link();
    $("share-link").value = text;
    $("share-box").hidden = false;
    $("export-links").innerHTML = "";
    $("share-link").select();
    if (navigator.clipboard) {
      navigator.clipboard.writeText(text).then(function () { app.coach("Link copied: it opens this position, with your marks and colours."); }, function () {});
    }
  });
  function exportTo(to) {
    var g = app.game(), c = (g.colours || {}).cell || {}, palette = window.DeduceColours.PALETTE;
    var colours = g.v.map(function (v, k) { return k in c ? palette[c[k]][0] : "."; }).join(" ");
    // the position as the hints send it ({digits, marks}): a cell with one pencil mark stays a mark
    app.post("/app/export", { puzzle: g.src, position: app.position(), colours: colours, to: to })
      .then(function (r) {
        var out = $("export-links");
        if (r.code !== 200 || !r.doc.link) { out.textContent = app.problem(r); return; }
        var name = to === "fpuzzles" ? "f-puzzles" : "SudokuPad";
        out.innerHTML = '<label>' + name + ' <input class="export-link" data-to="' + to + '" readonly></label>';
        var input = out.querySelector("input");
        input.value = r.doc.link;
        input.select();
        if (navigator.clipboard) { navigator.clipboard.writeText(r.doc.link).then(function () { app.coach(name + " link copied."); }, function () {}); }
      });
  }
  document.addEventListener("click", function (e) {
    if (e.target.id === "export-fpuzzles") { exportTo("fpuzzles"); }
    if (e.target.id === "export-sudokupad") { exportTo("sudokupad"); }
  });
  window.DeduceShare = { link: link };
});
