/* deduce: the player's own colours, for cells and for candidates (as SudokuPad colours cells and
   HoDoKu colours candidates).  A row of swatches under the tools (the Colours button shows it): a swatch colours the selected
   cell (the same swatch again takes it off); with "Colour candidates" on, a swatch is chosen and
   each symbol pressed (pad or key) colours that candidate of the selected cell instead of
   writing it.  Alt and a digit 1-6 colours the cell from the keyboard, Alt+0 clears it.
   Kept in the game (game.colours: {cell: {k: i}, cand: {"k:s": i}}), so stored with it, undone
   by Undo (an undo entry ["colour", key, before, after]) and carried by Share (share.js). */
(window.DeduceFeatures = window.DeduceFeatures || []).push(function (app) {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };
  // six colours (features.css gives the swatches the same: .swatch-0 ...) that read on white and on the dark theme's grid, with the digits over them
  var PALETTE = [["#ff9f43", "orange"], ["#ffd43b", "yellow"], ["#69db7c", "green"], ["#4dabf7", "blue"],
    ["#da77f2", "purple"], ["#ff8787", "red"]];
  var CELL_OPACITY = 0.5, CAND_OPACITY = 0.85;
  var candMode = false, chosen = 0;

  function colours() {
    var g = app.game();
    if (!g.colours) { g.colours = { cell: {}, cand: {} }; }
    return g.colours;
  }
  function get(key) {
    var c = colours(), table = String(key).indexOf(":") >= 0 ? c.cand : c.cell;
    return key in table ? table[key] : -1;
  }
  function put(key, i) {
    var c = colours(), table = String(key).indexOf(":") >= 0 ? c.cand : c.cell;
    if (i < 0) { delete table[key]; } else { table[key] = i; }
  }
  // one change, kept for undo
  function paint(key, i) {
    var before = get(key), after = before === i ? -1 : i;
    put(key, after);
    app.record([["colour", String(key), before, after]]);
  }
  function clearAll() {
    var c = colours(), entries = [];
    Object.keys(c.cell).forEach(function (k) { entries.push(["colour", k, c.cell[k], -1]); });
    Object.keys(c.cand).forEach(function (k) { entries.push(["colour", k, c.cand[k], -1]); });
    if (!entries.length) { return; }
    c.cell = {}; c.cand = {};
    app.record(entries);
  }
  app.on("undo", function (x, back) {
    if (x[0] !== "colour") { return; }
    put(x[1], back ? x[2] : x[3]);
  });

  // -- drawing: under the grid's digits (cells) and behind the candidates' symbols --------------
  var SVG = "http://www.w3.org/2000/svg";
  function drawColours() {
    var svg = document.querySelector("#board-grid svg"), D = app.board(), g = app.game();
    if (!svg || !D) { return; }
    var c = colours(), L = D.layout, n = D.size, under = svg.querySelector("rect") ;
    // the drawing's layer: the svg itself, or its <g class="drawing"> where the cells are rows for a screen reader
    var layer = under ? under.parentNode : svg, after = under ? under.nextSibling : svg.firstChild;
    Object.keys(c.cell).forEach(function (k) {
      var r = document.createElementNS(SVG, "rect"), cell = +k;
      r.setAttribute("class", "player-colour"); r.setAttribute("data-colour", c.cell[k]);
      r.setAttribute("x", L.margin + (cell % n) * L.cs); r.setAttribute("y", L.margin + Math.floor(cell / n) * L.cs);
      r.setAttribute("width", L.cs); r.setAttribute("height", L.cs);
      r.setAttribute("fill", PALETTE[c.cell[k]][0]); r.setAttribute("fill-opacity", CELL_OPACITY);
      layer.insertBefore(r, after);
    });
    Object.keys(c.cell).forEach(function (k) {   // the screen reader hears the colour too
      var hit = document.getElementById("cell-" + k);
      if (hit) { hit.setAttribute("aria-label", hit.getAttribute("aria-label") + ", coloured " + PALETTE[c.cell[k]][1]); }
    });
    var sel = svg.querySelector("rect.selected");
    if (sel && String(g.sel) in c.cell) {   // the selection drawn over the colour, half seen through
      sel.setAttribute("fill-opacity", "0.55"); layer.insertBefore(sel, after);
    }
    if (!Object.keys(c.cand).length) { return; }
    svg.querySelectorAll("text.candidate").forEach(function (t) {
      var x = +t.getAttribute("x"), y = +t.getAttribute("y"), size = +t.getAttribute("font-size");
      var col = Math.floor((x - L.margin) / L.cs), row = Math.floor((y - L.margin) / L.cs);
      var key = (row * n + col) + ":" + D.symbols.indexOf(t.textContent);
      if (!(key in c.cand)) { return; }
      var disc = document.createElementNS(SVG, "circle");
      disc.setAttribute("class", "player-colour-cand"); disc.setAttribute("data-cand", key);
      disc.setAttribute("data-colour", c.cand[key]);
      disc.setAttribute("cx", x); disc.setAttribute("cy", Math.round((y - size * 0.35) * 10) / 10);
      disc.setAttribute("r", Math.round(size * 0.62 * 10) / 10);
      disc.setAttribute("fill", PALETTE[c.cand[key]][0]); disc.setAttribute("fill-opacity", CAND_OPACITY);
      t.parentNode.insertBefore(disc, t);
    });
  }
  app.on("draw", drawColours);

  // -- the swatches ------------------------------------------------------------------------------
  var row = document.createElement("div");
  row.className = "colours";
  row.id = "colours";
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", "colours");
  row.innerHTML = '<span class="colours-label">Colour</span>' + PALETTE.map(function (p, i) {
    return '<button type="button" class="swatch-button swatch-' + i + '" data-colour="' + i + '" aria-label="' + p[1] +
      '" title="' + p[1] + " (Alt+" + (i + 1) + ')"></button>';
  }).join("") + '<button type="button" class="swatch-button none" data-colour="-1" aria-label="no colour" ' +
    'title="take the colour off (Alt+0)">×</button>' +
    '<button type="button" id="colour-cands" aria-pressed="false" title="colour candidates: choose a swatch, ' +
    'then press the symbols">Colour candidates</button>' +
    '<button type="button" id="colour-clear" title="take every colour off">Clear colours</button>';
  var tools = document.querySelector("#play .tools");
  row.hidden = true;   // shown by the Colours button (the phone's screen keeps the grid and the hint together)
  var toggle = document.createElement("button");
  toggle.type = "button"; toggle.id = "colours-toggle"; toggle.textContent = "Colours";
  toggle.setAttribute("aria-expanded", "false"); toggle.setAttribute("aria-controls", "colours");
  toggle.title = "your own colours for cells and candidates (Alt+1 to Alt+6 colour the cell)";
  if (tools) {
    tools.parentNode.insertBefore(row, tools.nextSibling);
    var pencilButton = document.getElementById("pencil");
    tools.insertBefore(toggle, pencilButton ? pencilButton.nextSibling : null);
  }
  toggle.addEventListener("click", function () {
    row.hidden = !row.hidden;
    toggle.setAttribute("aria-expanded", row.hidden ? "false" : "true");
    toggle.classList.toggle("on", !row.hidden);
    if (row.hidden) { candMode = false; showMode(); }
  });

  function showMode() {
    $("colour-cands").setAttribute("aria-pressed", candMode ? "true" : "false");
    $("colour-cands").classList.toggle("on", candMode);
    row.querySelectorAll(".swatch-button").forEach(function (b) {
      b.classList.toggle("chosen", candMode && +b.getAttribute("data-colour") === chosen);
    });
  }
  function colourCell(i) {
    var g = app.game();
    if (!g) { return; }
    paint(String(g.sel), i < 0 ? get(String(g.sel)) : i);
  }
  row.addEventListener("mousedown", function (e) { e.preventDefault(); });   // the grid keeps the focus
  row.addEventListener("click", function (e) {
    var b = e.target.closest("[data-colour]");
    if (b) {
      var i = +b.getAttribute("data-colour");
      if (candMode) { chosen = i; showMode(); } else { colourCell(i); }
      return;
    }
    if (e.target.id === "colour-cands") { candMode = !candMode; showMode(); }
    if (e.target.id === "colour-clear") { clearAll(); }
  });
  function colourCand(s) {
    var g = app.game(), k = g.sel;
    if (g.v[k] >= 0) { return; }
    var key = k + ":" + s;
    paint(key, chosen < 0 ? get(key) : chosen);
  }
  // in candidate mode a symbol colours its candidate: seen before app.js's own handlers
  var pad = $("pad");
  if (pad) {
    pad.addEventListener("click", function (e) {
      if (!candMode) { return; }
      var b = e.target.closest("[data-sym]");
      if (b && +b.getAttribute("data-sym") >= 0) { e.stopPropagation(); colourCand(+b.getAttribute("data-sym")); }
    }, true);
  }
  document.addEventListener("keydown", function (e) {
    var g = app.game(), D = app.board();
    if (!g || !D || !$("solver").hidden || e.ctrlKey || e.metaKey) { return; }
    var tag = (e.target.tagName || "").toLowerCase();
    if (tag === "textarea" || tag === "select" || tag === "input") { return; }
    var digit = /^Digit(\d)$/.exec(e.code || "");
    if (e.altKey && digit) {
      var d = +digit[1];
      if (d <= PALETTE.length) { colourCell(d ? d - 1 : -1); e.preventDefault(); }
      return;
    }
    if (candMode && !e.altKey && e.key && e.key.length === 1) {
      var s = D.symbols.indexOf(e.key.toUpperCase());
      if (s < 0) { s = D.symbols.indexOf(e.key); }
      if (s >= 0) { colourCand(s); e.preventDefault(); e.stopPropagation(); }
    }
  }, true);

  app.on("start", function () { colours(); });
  window.DeduceColours = { PALETTE: PALETTE, get: get };
});
