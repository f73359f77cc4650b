/* deduce: the app.  Play a puzzle with deduce as the coach: the grid drawn by grid.js,
   "Solve from here" stepped by steps.js (the offline page's code), the engine behind
   this server's own API (no other address is ever asked).  Everything about the game
   (position, pencil marks, undo history) is kept in the browser's storage. */
(function () {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };
  var STORE = "deduce-app-game", SETTINGS = "deduce-app-settings";
  var game = null;       // {src, board, v, m, undo, redo, sel, solution}
  var D = null, G = null, n = 0, peers = [], rels = [], unary = {};
  var pencil = false, highlight = -1;
  var hint = null, hintLevel = 0, stepMarks = null, wrong = {};
  var busy = false;
  // the player's settings, kept apart from the game: conflicts (a symbol its row, column, box or cage
  // already holds) shown as they are typed, unless turned off
  var settings = { conflicts: true };

  // -- the server ------------------------------------------------------------------------------
  function post(path, body) {
    return fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
      .then(function (r) {
        return r.text().then(function (t) {
          var lines = t.split("\n").filter(function (x) { return x.trim(); }), docs = [];
          try { docs = lines.map(function (x) { return JSON.parse(x); }); } catch (e) { docs = [{ status: "error" }]; }
          return { code: r.status, doc: docs.length ? docs[docs.length - 1] : {}, docs: docs };
        });
      }, function () { return { code: 0, doc: { status: "error", error: "the server cannot be reached" }, docs: [] }; });
  }
  function problem(r) {
    if (r.doc && r.doc.error) { return r.doc.error; }
    if (r.code === 504) { return "The server ran out of time on this one."; }
    return "The server could not answer (" + (r.doc && r.doc.status || r.code) + ").";
  }

  // -- storage ---------------------------------------------------------------------------------
  function save() {
    fire("save");  // coachplus hook
    try { localStorage.setItem(STORE, JSON.stringify(game)); } catch (e) { /* full or off: play on */ }
  }
  function restore() {
    try { return JSON.parse(localStorage.getItem(STORE) || "null"); } catch (e) { return null; }
  }
  function saveSettings() {
    try { localStorage.setItem(SETTINGS, JSON.stringify(settings)); } catch (e) { /* play on */ }
  }
  (function () {
    try {
      var kept = JSON.parse(localStorage.getItem(SETTINGS) || "null") || {};
      Object.keys(kept).forEach(function (k) { settings[k] = kept[k]; });
    } catch (e) { /* the defaults */ }
  })();

  // -- opening a puzzle ------------------------------------------------------------------------
  function showError(id, text) { $(id).textContent = text || ""; $(id).hidden = !text; }

  function openPuzzle(src) {
    showError("paste-error", "");
    return post("/app/board", { puzzle: src }).then(function (r) {
      if (r.code !== 200 || r.doc.status !== "board") {
        $("open-box").open = true;
        $("paste").value = src;
        showError("paste-error", problem(r));
        return false;
      }
      var saved = restore();
      if (saved && saved.src === src && saved.v && saved.v.length === r.doc.givens.length) {
        game = saved;
        game.board = r.doc;
      } else {
        game = { src: src, board: r.doc, v: r.doc.givens.slice(), m: r.doc.givens.map(function () { return 0; }),
          undo: [], redo: [], sel: 0, solution: null };
      }
      start();
      return true;
    });
  }

  function gridView() { return { width: $("board-grid").getBoundingClientRect().width || 560 }; }
  function start() {
    D = game.board; n = D.size;
    $("play").hidden = false;   // shown first: the grid's drawing depends on its width on screen
    G = window.DeduceGrid(D, gridView());
    peers = [];
    for (var k = 0; k < n * n; k++) { peers.push({}); }
    G.houses.forEach(function (h) { h.forEach(function (a) { h.forEach(function (b) { if (a !== b) { peers[a][b] = true; } }); }); });
    D.cages.forEach(function (cage) {
      cage[1].forEach(function (a) { cage[1].forEach(function (b) { if (a !== b) { peers[a][b] = true; } }); });
    });
    // a variant's own rules (deduce/render/variants.py's play_rules): more cells that differ (diagonals, extra
    // regions, anti-knight...), pairs of cells whose digits must fit each other (dots, thermometers,
    // non-consecutive), cells that hold only some digits (odd, even)
    var play = D.play || { peers: [], relations: [], unary: [] };
    play.peers.forEach(function (ab) { peers[ab[0]][ab[1]] = true; peers[ab[1]][ab[0]] = true; });
    peers = peers.map(function (p) { return Object.keys(p).map(Number); });
    rels = [];
    for (k = 0; k < n * n; k++) { rels.push([]); }
    play.relations.forEach(function (r) {  // kept both ways: [the other cell, the allowed masks, this cell first?, label]
      rels[r[0]].push([r[1], r[2], true, r[3]]); rels[r[1]].push([r[0], r[2], false, r[3]]);
    });
    unary = {};
    play.unary.forEach(function (u) { unary[u[0]] = u; });
    $("rules").innerHTML = G.rules();
    $("rules").hidden = !G.drawing.rules.length;
    hint = null; stepMarks = null; wrong = {}; highlight = -1;
    var pad = [], opts = ['<option value="-1">none</option>'];
    for (var s = 0; s < n; s++) {
      pad.push('<button type="button" data-sym="' + s + '" aria-label="' + G.esc(D.symbols[s]) + '">' + G.esc(D.symbols[s]) + "</button>");
      opts.push('<option value="' + s + '">' + G.esc(D.symbols[s]) + "</option>");
    }
    pad.push('<button type="button" data-sym="-1" aria-label="erase">⌫</button>');
    $("pad").innerHTML = pad.join("");
    $("highlight").innerHTML = opts.join("");
    $("coach").hidden = false; $("empty").hidden = true; $("solver").hidden = true;
    $("open-box").open = false;
    document.title = D.title.replace(/^deduce: /, "") + " · deduce";
    $("hint").title = "a hint from your own grid (" + (D.symbols.indexOf("H") >= 0 ? "?" : "H or ?") + ")";
    setHint(null);
    coach("");
    fire("start");  // coachplus hook: a game's colours, timer, kept games, a shared position
    save();
    draw();
  }

  // -- drawing ---------------------------------------------------------------------------------
  function shown() {
    if (highlight >= 0) { return highlight; }
    return game.v[game.sel] >= 0 ? game.v[game.sel] : -1;
  }
  function fits(k, s, other, r) {  // symbol s in cell k beside symbol `other` in r[0], by relation r
    return r[2] ? (r[1][s] >> other & 1) === 1 : (r[1][other] >> s & 1) === 1;
  }
  // cells whose symbol a peer holds too (true), or that a constraint's dot, line or mark rules out (its name)
  function clashes() {
    var out = {}, labels = (D.play || {}).labels || [];
    if (!settings.conflicts) { return out; }
    game.v.forEach(function (v, k) {
      if (v < 0) { return; }
      if (peers[k].some(function (p) { return game.v[p] === v; })) { out[k] = true; return; }
      if (k in unary && !(unary[k][1] >> v & 1)) { out[k] = labels[unary[k][2]] || "a constraint"; return; }
      var r = rels[k].filter(function (x) { return game.v[x[0]] >= 0 && !fits(k, v, game.v[x[0]], x); })[0];
      if (r) { out[k] = labels[r[3]] || "a constraint"; }
    });
    return out;
  }
  function draw() {
    var c = game.m.map(function (m, k) { return game.v[k] >= 0 ? 0 : m; }), clash = clashes();
    if (stepMarks) {  // the step's candidates are drawn even where the player wrote no marks
      stepMarks.k.forEach(function (x) { if (x[0] >= 0 && x[1] >= 0 && game.v[x[0]] < 0) { c[x[0]] |= 1 << x[1]; } });
    }
    var grid = $("board-grid");
    grid.innerHTML = G.draw({ v: game.v, c: c }, stepMarks,
      { selected: game.sel, highlight: shown(), wrong: wrong, clash: clash, cells: "cell-" });
    grid.setAttribute("aria-activedescendant", "cell-" + game.sel);
    $("legend").innerHTML = G.legend(stepMarks);
    $("undo").disabled = !game.undo.length;
    $("redo").disabled = !game.redo.length;
    $("pencil").setAttribute("aria-pressed", pencil ? "true" : "false");
    $("pencil").classList.toggle("on", pencil);
    $("conflicts").checked = settings.conflicts;
    $("cell-status").textContent = G.cellLabel({ v: game.v, c: c }, game.sel, clash);
    fire("draw");  // coachplus hook
  }

  // -- playing ---------------------------------------------------------------------------------
  function candidatesOf(k) {  // the symbols no filled peer holds
    var mask = (1 << n) - 1;
    peers[k].forEach(function (p) { if (game.v[p] >= 0) { mask &= ~(1 << game.v[p]); } });
    if (k in unary) { mask &= unary[k][1]; }
    rels[k].forEach(function (r) {
      if (game.v[r[0]] < 0) { return; }
      for (var s = 0; s < n; s++) { if (!fits(k, s, game.v[r[0]], r)) { mask &= ~(1 << s); } }
    });
    return mask;
  }
  // one move: [cell, value, marks] for each cell it changes; undone as one
  function change(cells) {
    var rec = [];
    cells.forEach(function (x) {
      var k = x[0];
      if (game.v[k] === x[1] && game.m[k] === x[2]) { return; }
      rec.push([k, game.v[k], game.m[k], x[1], x[2]]);
      game.v[k] = x[1]; game.m[k] = x[2];
    });
    if (!rec.length) { return; }
    game.undo.push(rec);
    if (game.undo.length > 2000) { game.undo.shift(); }
    game.redo = [];
    changed();
  }
  function changed() {
    setHint(null);
    wrong = {};
    coach("");
    save();
    draw();
    finished();
  }
  function undo() {
    var rec = game.undo.pop();
    if (!rec) { return; }
    rec.slice().reverse().forEach(function (x) {
      if (typeof x[0] === "string") { fire("undo", x, true); return; }  // coachplus: a feature's own entry
      game.v[x[0]] = x[1]; game.m[x[0]] = x[2];
    });
    game.redo.push(rec);
    changed();
  }
  function redo() {
    var rec = game.redo.pop();
    if (!rec) { return; }
    rec.forEach(function (x) {
      if (typeof x[0] === "string") { fire("undo", x, false); return; }  // coachplus: a feature's own entry
      game.v[x[0]] = x[3]; game.m[x[0]] = x[4];
    });
    game.undo.push(rec);
    setHint(null); wrong = {}; coach(""); save(); draw(); finished();
  }
  function placing(k, s) {  // the cell filled, and s taken out of its peers' pencil marks
    var out = [[k, s, game.m[k]]];
    peers[k].forEach(function (p) {
      if (game.v[p] < 0 && game.m[p] >> s & 1) { out.push([p, game.v[p], game.m[p] & ~(1 << s)]); }
    });
    return out;
  }
  function given(k) { return D.givens[k] >= 0; }
  function enter(s, asMark) {
    var k = game.sel;
    if (given(k)) { coach(G.cellName(k) + " is a given."); return; }
    if (s < 0) {
      change([[k, -1, game.v[k] >= 0 ? game.m[k] : 0]]);
    } else if (asMark) {
      if (game.v[k] >= 0) { return; }
      change([[k, -1, game.m[k] ^ 1 << s]]);
    } else if (game.v[k] === s) {
      change([[k, -1, game.m[k]]]);
    } else {
      change(placing(k, s));
    }
  }
  function select(k) {
    game.sel = Math.max(0, Math.min(n * n - 1, k));
    save();
    draw();
  }
  function fillCandidates() {
    var cells = [];
    for (var k = 0; k < n * n; k++) { if (game.v[k] < 0) { cells.push([k, -1, candidatesOf(k)]); } }
    change(cells);
  }
  function restart() {
    var cells = [];
    for (var k = 0; k < n * n; k++) { cells.push([k, D.givens[k], 0]); }
    change(cells);
  }
  function symbolOf(e) {
    var key = e.key;
    if (/^(Digit|Numpad)\d$/.test(e.code || "") && (e.shiftKey || key.length !== 1)) { key = e.code.slice(-1); }
    if (!key || key.length !== 1) { return -1; }
    var i = D.symbols.indexOf(key.toUpperCase());
    return i >= 0 ? i : D.symbols.indexOf(key);
  }
  function finished() {
    if (game.v.some(function (v) { return v < 0; })) { return; }
    solution().then(function (sol) {
      if (sol && game.v.every(function (v, k) { return v === sol[k]; })) {
        coach("Solved! Every cell is right.");
        fire("solved");  // coachplus hook
        $("coach-text").classList.add("solved");
      }
    });
  }

  // -- the coach -------------------------------------------------------------------------------
  function coach(text) { $("coach-text").textContent = text; $("coach-text").classList.remove("solved"); }
  function solution() {
    if (game.solution) { return Promise.resolve(game.solution); }
    return post("/api/solve", { puzzle: game.src }).then(function (r) {
      if (r.code !== 200 || r.doc.status !== "solved" || !r.doc.solution) { return null; }
      game.solution = r.doc.solution.split("").map(function (ch) { return D.symbols.indexOf(ch); });
      save();
      return game.solution;
    });
  }
  // the player's grid for the server: the placed symbols and the pencil marks apart (a cell's one mark is
  // a candidate, never a placed symbol); "" is a cell without marks (deduce.hint.player_state)
  function position() {
    var marks = game.m.map(function (m, k) {
      var t = "";
      if (game.v[k] < 0) { for (var s = 0; s < n; s++) { if (m >> s & 1) { t += D.symbols[s]; } } }
      return t;
    });
    return { digits: game.v.map(function (v) { return v >= 0 ? D.symbols[v] : "."; }).join(""), marks: marks };
  }

  var HINT_BUTTONS = ["Show the clue", "Show the explanation", "Show it on the grid", "Apply it"];
  function lastLevel(h) { return h.status === "hint" && h.step ? 4 : h.status === "mistake" ? 3 : 2; }
  function setHint(doc) {
    hint = doc; hintLevel = 0; stepMarks = null;
    renderHint();
  }
  function renderHint() {
    var box = { title: $("hint-title"), nudge: $("hint-nudge"), clue: $("hint-clue"), full: $("hint-full"), more: $("hint-more") };
    if (!hint) {
      box.title.textContent = ""; box.nudge.hidden = true; box.clue.hidden = true; box.full.hidden = true; box.more.hidden = true;
      $("hint").textContent = "Hint";
      return;
    }
    var step = hint.status === "hint" ? hint.step : null;
    var words = step ? { nudge: step.nudge, clue: step.clue, full: step.explanation } :
      { nudge: hint.nudge, clue: hint.clue, full: hint.explanation };
    box.title.textContent = step ? step.technique : hint.status === "mistake" ? "Something is wrong" :
      hint.status === "solved" ? "Solved" : hint.status === "multiple-solutions" ? "Several solutions" : "No step found";
    box.nudge.hidden = false; box.nudge.textContent = words.nudge;
    box.clue.hidden = hintLevel < 1; box.clue.textContent = words.clue;
    box.full.hidden = hintLevel < 2; box.full.textContent = words.full;
    var last = lastLevel(hint);
    box.more.hidden = hintLevel >= last;
    box.more.textContent = !step && hintLevel === 2 ? "Show the cells" : HINT_BUTTONS[hintLevel] || "";
    $("hint").textContent = hintLevel >= last ? "Hint" : "More";
    fire("hint", step);  // coachplus hook: the title links to the technique's page
    stepMarks = null; wrong = {};
    if (step && hintLevel >= 3) { stepMarks = G.fromJson(step.marks); }
    if (hint.status === "mistake" && hintLevel >= 3) {
      (hint.cells || []).forEach(function (name) { wrong[G.cellIndex(name)] = true; });
    }
  }
  function askHint() {
    if (busy) { return; }
    if (hint && hintLevel < lastLevel(hint)) { moreHint(); return; }
    // no hint yet, or this one is shown in full: ask again from the grid as it is now
    busy = true;
    coach("");
    post("/api/hint", { puzzle: game.src, position: position(), level: "full" }).then(function (r) {
      busy = false;
      if (r.code !== 200) { coach(problem(r)); return; }
      setHint(r.doc);
      draw();
      showHint();
    });
  }
  // the level just shown brought into view, unless it is already: its top just below the grid on a
  // phone (the grid stays on screen: app.css's scroll-padding), the whole of it where it fits
  function showHint() {
    var parts = [$("hint-full"), $("hint-clue"), $("hint-nudge")].filter(function (x) { return !x.hidden; });
    if (!parts.length || !parts[0].scrollIntoView) { return; }
    var box = parts[0].getBoundingClientRect(), top = 0, grid = $("board-grid").getBoundingClientRect();
    if (getComputedStyle($("board-grid")).position === "sticky") { top = grid.bottom; }
    if (box.top < top || box.bottom > window.innerHeight) {
      parts[0].scrollIntoView({ block: box.height > window.innerHeight - top ? "start" : "nearest" });
    }
  }
  function moreHint() {
    if (!hint) { return; }
    var step = hint.status === "hint" ? hint.step : null, last = lastLevel(hint);
    if (step && hintLevel === 3) { applyHint(step); return; }
    if (hintLevel < last) { hintLevel++; }
    renderHint();
    draw();
    showHint();
  }
  function applyHint(step) {
    var cells = {}, list = [];
    function cur(k) { return cells[k] || [k, game.v[k], game.m[k]]; }
    step.placements.forEach(function (p) {
      var k = G.cellIndex(p[0]), s = D.symbols.indexOf(p[1]);
      placing(k, s).forEach(function (x) { cells[x[0]] = x; });
    });
    step.eliminations.forEach(function (e) {
      var k = G.cellIndex(e[0]), s = D.symbols.indexOf(e[1]), x = cur(k);
      if (x[1] >= 0) { return; }
      var m = x[2] || candidatesOf(k);   // a cell without marks gets them, less the removed one
      cells[k] = [k, -1, m & ~(1 << s)];
    });
    Object.keys(cells).forEach(function (k) { list.push(cells[k]); });
    change(list);
    coach("Applied: " + step.technique + ".");
  }
  function check() {
    solution().then(function (sol) {
      if (!sol) { coach("This puzzle has no single solution to check against."); return; }
      var bad = [], filled = 0;
      game.v.forEach(function (v, k) {
        if (v >= 0 && !given(k)) { filled++; if (v !== sol[k]) { bad.push(k); } }
      });
      wrong = {};
      bad.forEach(function (k) { wrong[k] = true; });
      draw();
      if (!bad.length) { coach(filled ? "Every " + (D.symbols === "123456789".slice(0, n) ? "digit" : "symbol") + " you placed is right (" + filled + ")." : "Nothing placed yet."); }
      else { coach(bad.length + " wrong: " + bad.map(G.cellName).join(", ") + "."); }
    });
  }
  function rate() {
    if (hooks.rate) { fire("rate"); return; }  // coachplus hook: rating.js explains the rating
    coach("Rating…");
    post("/api/rate", { puzzle: game.src }).then(function (r) {
      var d = r.doc;
      if (r.code !== 200) { coach(problem(r)); return; }
      if (d.er === undefined || d.er === null) { coach("No rating: " + (d.reason || d.status)); return; }
      coach("Sudoku Explainer scale ER " + d.er.toFixed(1) + ", EP " + d.ep.toFixed(1) + ", ED " + d.ed.toFixed(1) +
        "; HoDoKu scale " + d.score + " (" + d.level + "); hardest step: " + d.hardest + ".");
    });
  }
  function solveFromHere() {
    coach("Solving…");
    post("/app/steps", { puzzle: game.src, position: position() }).then(function (r) {
      if (r.code !== 200 || !r.doc.page) { coach(problem(r)); return; }
      showSolver(r.doc.page);
    });
  }
  function showSolver(page, at) {  // (coachplus: rating.js opens a path at its hardest step)
    coach("");
    $("play").hidden = true; $("coach").hidden = true; $("solver").hidden = false;
    var box = $("solver"), fresh = box.cloneNode(true);   // a fresh copy: no listeners of an earlier solve
    box.parentNode.replaceChild(fresh, box);
    fresh.querySelector("#solver-close").addEventListener("click", closeSolver);
    fresh.setAttribute("tabindex", "-1");
    window.DeduceSteps(page, fresh, { keys: fresh });
    for (var i = 0; i < (at || 0); i++) { fresh.querySelector(".next").click(); }
    fresh.focus();
  }
  function closeSolver() {
    $("solver").hidden = true; $("play").hidden = false; $("coach").hidden = false;
    $("board-grid").focus();
  }
  function share() {
    if (hooks.share) { fire("share"); return; }  // coachplus hook: share.js carries position, marks, colours
    var link = location.origin + "/?p=" + encodeURIComponent(game.src);
    $("share-link").value = link;
    $("share-box").hidden = false;
    $("share-link").select();
    if (navigator.clipboard) { navigator.clipboard.writeText(link).then(function () { coach("Link copied."); }, function () {}); }
  }

  // -- events ----------------------------------------------------------------------------------
  $("paste-form").addEventListener("submit", function (e) {
    e.preventDefault();
    var text = $("paste").value;
    if (!text.trim()) { showError("paste-error", "Paste a puzzle first."); return; }
    openPuzzle(text);
  });
  $("board-grid").addEventListener("click", function (e) {
    var hit = e.target.closest("[data-cell]");
    if (hit) { select(+hit.getAttribute("data-cell")); $("board-grid").focus(); }
  });
  $("pad").addEventListener("mousedown", function (e) { e.preventDefault(); });
  $("pad").addEventListener("click", function (e) {
    var b = e.target.closest("[data-sym]");
    if (b) { enter(+b.getAttribute("data-sym"), pencil); }
  });
  $("pencil").addEventListener("click", function () { pencil = !pencil; draw(); });
  $("fill").addEventListener("click", fillCandidates);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("restart").addEventListener("click", restart);
  $("share").addEventListener("click", share);
  $("highlight").addEventListener("change", function (e) { highlight = +e.target.value; draw(); });
  $("conflicts").addEventListener("change", function (e) { settings.conflicts = e.target.checked; saveSettings(); draw(); });
  $("hint").addEventListener("click", askHint);
  $("hint-more").addEventListener("click", moreHint);
  $("check").addEventListener("click", check);
  $("rate").addEventListener("click", rate);
  $("solve").addEventListener("click", solveFromHere);
  $("solver-close").addEventListener("click", closeSolver);

  document.addEventListener("keydown", function (e) {
    if (!game) { return; }
    if (!$("solver").hidden) {
      if (e.key === "Escape") { closeSolver(); e.preventDefault(); }
      return;
    }
    var t = e.target, tag = (t.tagName || "").toLowerCase();
    if (tag === "textarea" || tag === "select" || (tag === "input" && t.type !== "checkbox")) { return; }
    if ((e.ctrlKey || e.metaKey) && !e.altKey) {
      var key = e.key.toLowerCase();
      if (key === "z" && !e.shiftKey) { undo(); e.preventDefault(); }
      else if (key === "y" || (key === "z" && e.shiftKey)) { redo(); e.preventDefault(); }
      return;
    }
    if (e.altKey) { return; }
    var k = game.sel, moves = { ArrowUp: -n, ArrowDown: n, ArrowLeft: -1, ArrowRight: 1 };
    if (e.key in moves) {
      var r = Math.floor(k / n), c = k % n;
      if (e.key === "ArrowUp") { r = (r + n - 1) % n; } else if (e.key === "ArrowDown") { r = (r + 1) % n; }
      else if (e.key === "ArrowLeft") { c = (c + n - 1) % n; } else { c = (c + 1) % n; }
      select(r * n + c);
      e.preventDefault();
      return;
    }
    if (tag === "button" && (e.key === "Enter" || e.key === " ")) { return; }
    if (e.key === "Backspace" || e.key === "Delete") { enter(-1, false); e.preventDefault(); return; }
    var s = symbolOf(e);
    if (s >= 0) { enter(s, pencil || e.shiftKey); e.preventDefault(); return; }
    // the hint: ? or H (where H is not one of the puzzle's symbols)
    if (e.key === "?" || e.key === "h" || e.key === "H") { askHint(); e.preventDefault(); }
  });

  // -- coachplus: the feature files (colours.js, games.js, share.js, timer.js, print.js, strategy.js,
  //    rating.js) register with window.DeduceFeatures before this file runs; they get the app's state here
  var hooks = {};
  function fire(name, a, b) { (hooks[name] || []).forEach(function (f) { f(a, b); }); }
  (window.DeduceFeatures || []).forEach(function (feature) {
    feature({ on: function (name, f) { (hooks[name] = hooks[name] || []).push(f); },
      game: function () { return game; }, board: function () { return D; }, grid: function () { return G; },
      draw: draw, save: save, coach: coach, post: post, open: openPuzzle, position: position,
      problem: problem, showSolver: showSolver, closeSolver: closeSolver,
      record: function (entries) { game.undo.push(entries); game.redo = []; save(); draw(); } });
  });

  window.addEventListener("resize", function () {   // the grid drawn again for its new width (cage sums)
    if (!game || !D) { return; }
    G = window.DeduceGrid(D, gridView());
    draw();
  });

  // -- a new puzzle: the generator may take longer than a hint; the request waits for as long as the
  // server allows (its own limit for generate), and the form says how long it has been waiting ---------
  var making = null;   // {timer, started, tries}
  var MAKE_WAIT = 600;   // seconds the form keeps asking before it gives up
  fetch("/app/features").then(function (r) { return r.json(); }).then(function (f) {
    $("new-form").hidden = !f.generate;
  }, function () {});
  function makingDone() {
    if (making) { clearInterval(making.timer); }
    making = null;
    $("new").disabled = false;
    $("new-wait").hidden = true;
  }
  $("new-form").addEventListener("submit", function (e) {
    e.preventDefault();
    if (making) { return; }
    showError("new-error", "");
    var body = { kind: $("new-kind").value, size: +$("new-size").value };
    if ($("new-level").value) { body.level = $("new-level").value; }
    if ($("new-technique").value.trim()) { body.technique = $("new-technique").value.trim(); }
    var kind = ($("new-level").value ? $("new-level").value + " " : "") + body.kind;
    var what = "Making " + (/^[aeiu]/.test(kind) ? "an " : "a ") + kind + " puzzle";
    making = { started: Date.now() };
    $("new").disabled = true;
    $("new-wait").hidden = false;
    $("new-wait").textContent = what + "…";
    making.timer = setInterval(function () {
      if (making) { $("new-wait").textContent = what + "… " + Math.round((Date.now() - making.started) / 1000) + " s"; }
    }, 1000);
    // a request that runs out of the server's generate limit is sent again (a new random try, as a longer
    // limit would be) until MAKE_WAIT seconds have passed: every kind and level of the form arrives
    var ask = function () { post("/api/generate", body).then(made); };
    var made = function (r) {
      var seconds = making ? (Date.now() - making.started) / 1000 : 0;
      var doc = r.docs[0] || {}, text = doc.document ? JSON.stringify(doc.document) : doc.puzzle;
      if ((r.code === 504 || doc.status === "timeout") && making && seconds < MAKE_WAIT) {
        making.tries = (making.tries || 1) + 1; what = what.replace(/ \(try \d+\)$/, "") + " (try " + making.tries + ")";
        ask(); return;
      }
      makingDone();
      if (r.code !== 200 || typeof text !== "string") {
        showError("new-error", r.code === 504 || doc.status === "timeout" ?
          "No puzzle within the server's time limit (" + Math.round(seconds) + " s): try again, or ask for an easier level." :
          problem(r));
        return;
      }
      openPuzzle(text);
    };
    ask();
  });
  var query = new URLSearchParams(location.search), linked = query.get("p") || query.get("puzzle");
  var saved = restore();
  if (linked) {
    // the link is read once: a reload then keeps the game, whatever was opened since
    history.replaceState(null, "", location.pathname);
    openPuzzle(linked);
  }
  else if (saved && saved.board) { game = saved; start(); }
  else { $("open-box").open = true; }
})();
