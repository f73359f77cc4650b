/* deduce: several games kept.  Every time the app saves its game, a copy goes into a list of
   recent games (browser storage, the newest first, at most KEEP); opening a puzzle that is on the
   list takes up that game where it was left (digits, marks, colours, undo history, timer).  The
   "Recent games" list in the header shows each one's progress and opens it again. */
(window.DeduceFeatures = window.DeduceFeatures || []).push(function (app) {
  "use strict";
  // at most KEEP games, each with its last UNDO_KEPT moves (the game being played keeps all of its own)
  var STORE = "deduce-app-games", KEEP = 12, UNDO_KEPT = 500;

  function load() {
    try { var list = JSON.parse(localStorage.getItem(STORE) || "[]"); return Array.isArray(list) ? list : []; }
    catch (e) { return []; }
  }
  function store(list) {
    try { localStorage.setItem(STORE, JSON.stringify(list)); }
    catch (e) {   // full: the oldest games go first
      while (list.length > 1) {
        list.pop();
        try { localStorage.setItem(STORE, JSON.stringify(list)); return; } catch (e2) { /* smaller still */ }
      }
    }
  }
  function progress(g) {
    var open = 0, filled = 0;
    g.board.givens.forEach(function (v, k) { if (v < 0) { open++; if (g.v[k] >= 0) { filled++; } } });
    return { filled: filled, open: open };
  }
  var FIELDS = ["v", "m", "undo", "redo", "sel", "solution", "colours", "timer"];
  function snapshot(g) {
    var out = { src: g.src, title: g.board.title, kind: g.board.kind, size: g.board.size, when: Date.now() };
    FIELDS.forEach(function (f) { if (f in g) { out[f] = g[f]; } });
    if (out.undo && out.undo.length > UNDO_KEPT) { out.undo = out.undo.slice(-UNDO_KEPT); }
    var p = progress(g);
    out.filled = p.filled; out.open = p.open;
    out.givens = g.board.givens.length - p.open;
    return out;
  }
  app.on("save", function () {
    var g = app.game();
    if (!g || !g.board) { return; }
    var list = load().filter(function (x) { return x.src !== g.src; });
    list.unshift(snapshot(g));
    store(list.slice(0, KEEP));
    render();
  });
  // a puzzle opened afresh that is on the list: take it up where it was left
  app.on("start", function () {
    var g = app.game();
    if (!g || g.undo.length || g.v.some(function (v, k) { return v !== g.board.givens[k]; })) { return; }
    var kept = load().filter(function (x) { return x.src === g.src; })[0];
    if (!kept || !kept.v || kept.v.length !== g.v.length) { return; }
    FIELDS.forEach(function (f) { if (f in kept) { g[f] = kept[f]; } });
  });

  // -- the list ----------------------------------------------------------------------------------
  var box = document.createElement("details");
  box.id = "games-box"; box.className = "games-box";
  box.innerHTML = '<summary>Recent games</summary><ol id="games-list" class="games-list"></ol>';
  var header = document.querySelector(".app-header"), openBox = document.getElementById("open-box");
  if (header) { header.insertBefore(box, openBox && openBox.parentNode === header ? openBox : null); }
  function esc(s) {
    return String(s).replace(/[&<>"]/g, function (ch) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;" }[ch]; });
  }
  function clock(ms) {
    var s = Math.floor((ms || 0) / 1000), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
    return (h ? h + ":" + (m < 10 ? "0" : "") : "") + m + ":" + (s % 60 < 10 ? "0" : "") + s % 60;
  }
  function render() {
    var list = load(), g = app.game();
    box.querySelector("summary").textContent = "Recent games (" + list.length + ")";
    document.getElementById("games-list").innerHTML = list.map(function (x, i) {
      var done = x.open && x.filled === x.open, current = g && g.src === x.src;
      return '<li' + (current ? ' class="current"' : "") + '><button type="button" class="game-open" data-game="' + i +
        '">' + esc((x.title || "puzzle").replace(/^deduce: /, "")) +
        (x.givens ? ", " + x.givens + " givens" : "") + "</button> " +
        '<span class="game-progress">' + (done ? "finished" : x.filled + " of " + x.open + " cells filled") +
        (x.timer ? ", " + clock(x.timer.ms) : "") + ", " + new Date(x.when).toLocaleString() + "</span>" +
        (current ? ' <span class="game-now">(playing)</span>' : "") +
        ' <button type="button" class="game-forget" data-forget="' + i + '" aria-label="forget this game">×</button></li>';
    }).join("");
  }
  box.addEventListener("click", function (e) {
    var open = e.target.closest("[data-game]"), forget = e.target.closest("[data-forget]"), list = load();
    if (open) {
      var x = list[+open.getAttribute("data-game")];
      if (x) { box.open = false; app.open(x.src); }
    } else if (forget) {
      list.splice(+forget.getAttribute("data-forget"), 1);
      store(list);
      render();
    }
  });
  app.on("start", render);
  render();
});
