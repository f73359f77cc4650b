/* deduce: stepping through a solve, level by level (the offline page's and the app's
   "Solve from here").  DeduceSteps(D, root, options) draws into the elements of root
   found by class: grid, prev, where, next, step-title, definition, nudge, clue, full,
   reveal, show-all, legend, step-list.  options.hash: keep #step-N in the address;
   options.keys: the element whose key presses step (default: the document).
   Keys do one thing whatever was clicked last: right/left step, down or space reveal
   the next level (a clicked button never keeps the focus, so space and enter never
   press it again). */
(function (root) {
  "use strict";
  root.DeduceSteps = function (D, box, options) {
  options = options || {};
  var G = root.DeduceGrid(D), steps = D.steps, N = steps.length, esc = G.esc;
  var LEVELS = ["Show the clue", "Show the explanation", "Show it on the grid", "All shown"];
  function part(name) { return box.querySelector("." + name); }

  // positions: states[i] is the grid before step i+1 (states[N]: after the last step)
  var states = [];
  if (D.start) {
    states.push(D.start);
    steps.forEach(function (s, i) {
      var v = states[i].v.slice(), c = states[i].c.slice();
      s.d.forEach(function (ch) { c[ch[0]] = ch[1]; v[ch[0]] = ch[2]; });
      states.push({ v: v, c: c });
    });
  }
  var pos = 0;         // 0: start, 1..N: step, N+1: end
  var reveal = 0;      // 0 nudge, 1 clue, 2 explanation, 3 result on the grid
  var showAll = part("show-all") ? part("show-all").checked : false;

  function hashFor(p) { return p === 0 ? "#start" : p > N ? "#end" : "#step-" + p; }
  function posFromHash() {
    var h = location.hash, mm = /^#step-(\d+)$/.exec(h);
    if (h === "#start") { return 0; }
    if (h === "#end") { return N + 1; }
    if (mm) { return Math.max(0, Math.min(N + 1, parseInt(mm[1], 10))); }
    return null;
  }
  function endTitle() {
    return { "solved": "Solved", "solved-with-backtracking": "Solved (trial and error was needed)",
      "no-solution": "No solution", "multiple-solutions": "Several solutions" }[D.status] || D.status;
  }
  function endText() {
    if (D.status === "solved") { return "Every cell is filled by logic alone."; }
    if (D.status === "no-solution") { return "The puzzle has no solution."; }
    if (D.status === "multiple-solutions") { return "The puzzle has several solutions; logic stops here."; }
    return "The grid after the last step.";
  }

  function follow(a) {  // keep the current step in view inside the step list (when the list scrolls itself)
    var list = part("step-list");
    if (!list || list.scrollHeight <= list.clientHeight + 1) { return; }
    var lr = list.getBoundingClientRect(), ar = a.getBoundingClientRect();
    if (ar.top < lr.top) { list.scrollTop -= lr.top - ar.top + 4; }
    else if (ar.bottom > lr.bottom) { list.scrollTop += ar.bottom - lr.bottom + 4; }
  }

  function render() {
    var level = showAll ? 3 : reveal, step = pos >= 1 && pos <= N ? steps[pos - 1] : null;
    var state = states.length ? states[Math.min(pos === 0 ? 0 : pos > N ? N : pos - 1, states.length - 1)] : null;
    var m = step ? G.visible(step.m, level) : null;
    if (state && pos === 0 && D.clean_start) {  // the puzzle's own start, drawn as printed: givens only
      state = { v: state.v, c: state.v.map(function () { return 0; }) };
    }
    part("grid").innerHTML = state ? G.draw(state, m) : "<p>The givens clash: nothing to draw.</p>";
    part("where").textContent = pos === 0 ? "Start" : pos > N ? "End" : "Step " + pos + " of " + N;
    part("prev").disabled = pos === 0;
    part("next").disabled = pos > N;
    var title = part("step-title"), nudge = part("nudge"), clue = part("clue"), full = part("full"), btn = part("reveal");
    var def = part("definition");
    if (def) { def.hidden = true; }
    if (step) {
      var defs = D.definitions || {};
      title.innerHTML = pos + ". " + (defs[step.code] ? '<a href="#technique-' + esc(step.code) + '" class="technique" data-code="' +
        esc(step.code) + '" title="what is a ' + esc(step.name.toLowerCase()) + '?">' + esc(step.name) + "</a>" : esc(step.name)) +
        (step.se !== null && step.se !== undefined ? " (SE " + step.se.toFixed(1) + ")" : "");
      nudge.hidden = false; nudge.textContent = step.nudge;
      clue.hidden = level < 1; clue.textContent = step.clue;
      full.hidden = level < 2; full.textContent = step.text;
      btn.hidden = showAll; btn.disabled = level >= 3; btn.textContent = LEVELS[level];
    } else {
      title.textContent = pos === 0 ? "The start" : endTitle();
      nudge.hidden = false;
      nudge.textContent = pos === 0 ? (N ? "Press Next (or the right arrow key) to see the first step. Each step shows a " +
        "nudge first; ask for the clue, the explanation and the result on the grid in turn." : "No step was found.")
        : endText();
      clue.hidden = true; full.hidden = true; btn.hidden = true;
    }
    part("legend").innerHTML = G.legend(m);
    var links = box.querySelectorAll(".step-list a");
    for (var i = 0; i < links.length; i++) {
      var cur = +links[i].getAttribute("data-pos") === pos;
      links[i].classList.toggle("current", cur);
      if (cur) {
        links[i].setAttribute("aria-current", "step");
        var d = links[i].closest("details");
        if (d) { d.open = true; }
        follow(links[i]);
      } else { links[i].removeAttribute("aria-current"); }
    }
  }

  function go(p, fromHash) {
    pos = Math.max(0, Math.min(N + 1, p));
    reveal = 0;
    if (options.hash && !fromHash && location.hash !== hashFor(pos)) { history.replaceState(null, "", hashFor(pos)); }
    render();
  }
  function more() { if (pos >= 1 && pos <= N && reveal < 3) { reveal++; render(); } }

  function buildList() {
    var list = part("step-list"), html = [], i = 0;
    function item(p, label) {
      return '<li><a href="' + hashFor(p) + '" data-pos="' + p + '"><span class="num">' + (p >= 1 && p <= N ? p + "." : "") +
        "</span>" + esc(label) + "</a></li>";
    }
    html.push(item(0, "Start"));
    while (i < N) {
      var j = i;
      while (j < N && steps[j].fold) { j++; }
      if (j - i >= 3) {
        var names = {};
        steps.slice(i, j).forEach(function (s) { names[s.name] = (names[s.name] || 0) + 1; });
        var what = Object.keys(names).map(function (k) { return names[k] + " " + k.toLowerCase() + (names[k] > 1 ? "s" : ""); });
        html.push("<li><details><summary>Steps " + (i + 1) + "–" + j + ": " + esc(what.join(", ")) + "</summary><ol>");
        for (var k = i; k < j; k++) { html.push(item(k + 1, steps[k].name)); }
        html.push("</ol></details></li>");
        i = j;
      } else {
        var end = Math.max(j, i + 1);
        for (; i < end; i++) { html.push(item(i + 1, steps[i].name)); }
      }
    }
    html.push(item(N + 1, "End: " + endTitle()));
    list.innerHTML = html.join("");
  }

  // a click never leaves the focus on a button: space and enter then mean what the keys say, not "press it again"
  ["prev", "next", "reveal"].forEach(function (name) {
    part(name).addEventListener("mousedown", function (e) { e.preventDefault(); });
  });
  buildList();
  part("prev").addEventListener("click", function () { go(pos - 1); });
  part("next").addEventListener("click", function () { go(pos + 1); });
  part("reveal").addEventListener("click", more);
  if (part("show-all")) {
    part("show-all").addEventListener("change", function (e) { showAll = e.target.checked; render(); });
  }
  part("step-list").addEventListener("click", function (e) {
    var a = e.target.closest("a[data-pos]");
    if (a) { e.preventDefault(); go(+a.getAttribute("data-pos")); }
  });
  part("step-title").addEventListener("click", function (e) {  // a technique's name opens its definition
    var a = e.target.closest("a.technique"), def = part("definition");
    if (!a || !def) { return; }
    e.preventDefault();
    var code = a.getAttribute("data-code");
    def.textContent = (D.definitions || {})[code] || "";
    def.hidden = !def.hidden;
  });
  (options.keys || document).addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    var t = e.target, tag = (t.tagName || "").toLowerCase();
    if (tag === "textarea" || tag === "select" || (tag === "input" && t.type !== "checkbox")) { return; }
    if (e.key === "ArrowRight") { go(pos + 1); e.preventDefault(); }
    else if (e.key === "ArrowLeft") { go(pos - 1); e.preventDefault(); }
    else if (e.key === "ArrowDown" || (e.key === " " && tag !== "summary" && tag !== "a" && tag !== "input")) {
      more(); e.preventDefault();
    }
  });
  if (options.hash) {
    window.addEventListener("hashchange", function () { var p = posFromHash(); if (p !== null && p !== pos) { go(p, true); } });
    var initial = posFromHash();
    go(initial === null ? 0 : initial, true);
  } else { go(0, true); }
  return { go: go, more: more, position: function () { return pos; } };
  };
})(window);
