/* deduce: the learner's page.  Draws the grid of the current step from the
   step log in #deduce-data (the same layout and roles as deduce/render/svg.py)
   and reveals each step level by level.  No network, no dependencies. */
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("deduce-data").textContent);
  var n = D.size, L = D.layout, steps = D.steps, N = steps.length;
  var $ = function (id) { return document.getElementById(id); };
  var LEVELS = ["Show the clue", "Show the explanation", "Show it on the grid", "All shown"];
  var LINK = "#c2255c", ELIM = "#d62728", PLACE = "#2b8a3e";

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
  var houses = [];
  (function () {
    var r, k;
    for (r = 0; r < n; r++) { houses.push([]); }
    for (r = 0; r < n; r++) { houses.push([]); }
    for (r = 0; r < n; r++) { houses.push([]); }
    for (k = 0; k < n * n; k++) {
      houses[Math.floor(k / n)].push(k); houses[n + k % n].push(k); houses[2 * n + D.regions[k]].push(k);
    }
  })();

  var pos = 0;         // 0: start, 1..N: step, N+1: end
  var reveal = 0;      // 0 nudge, 1 clue, 2 explanation, 3 result on the grid
  var showAll = false;

  function esc(s) {
    return String(s).replace(/[&<>"]/g, function (ch) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;" }[ch];
    });
  }
  function colour(role) { return (D.roles[role] || ["#dddddd"])[0]; }
  function xy(cell) { return [L.margin + (cell % n) * L.cs, L.margin + Math.floor(cell / n) * L.cs]; }
  function candXY(cell, s) {
    var p = xy(cell), w = L.cs - 2 * L.side, h = L.cs - L.top - L.side;
    return [p[0] + L.side + (s % L.sub + 0.5) * w / L.sub, p[1] + L.top + (Math.floor(s / L.sub) + 0.5) * h / L.sub];
  }
  function f1(x) { return Math.round(x * 10) / 10; }
  function text(x, y, t, size, fill, cls, bold) {
    return '<text class="' + cls + '" x="' + f1(x) + '" y="' + f1(y) + '" font-size="' + size + '" fill="' + fill +
      '" text-anchor="middle"' + (bold ? ' font-weight="bold"' : "") + ">" + esc(t) + "</text>";
  }

  // what of a step's marks shows at a reveal level
  function visible(m, level) {
    if (!m) { return null; }
    return {
      c: level >= 1 ? m.c : [], h: level >= 1 ? m.h : [], g: level >= 1 ? m.g : [],
      k: level >= 3 ? m.k : level >= 2 ? m.k.filter(function (x) { return x[2] !== "eliminated" && x[2] !== "placed"; }) : [],
      l: level >= 2 ? m.l : []
    };
  }

  function cageOutline(i, role) {
    var cage = D.cages[i], cells = {}, cs = L.cs, inset = 3, out = [];
    cage[1].forEach(function (c) { cells[c] = true; });
    cage[1].forEach(function (cell) {
      var p = xy(cell), r = Math.floor(cell / n), c = cell % n;
      var left = p[0] + inset, right = p[0] + cs - inset, top = p[1] + inset, bottom = p[1] + cs - inset;
      var W = c > 0 && cells[cell - 1], E = c + 1 < n && cells[cell + 1], Nn = r > 0 && cells[cell - n],
        S = r + 1 < n && cells[cell + n];
      if (W) { left = p[0] - inset; } if (E) { right = p[0] + cs + inset; }
      if (Nn) { top = p[1] - inset; } if (S) { bottom = p[1] + cs + inset; }
      if (!Nn) { out.push([left, top, right, top]); } if (!S) { out.push([left, bottom, right, bottom]); }
      if (!W) { out.push([left, top, left, bottom]); } if (!E) { out.push([right, top, right, bottom]); }
    });
    var col = role ? colour(role) : "#666666";
    var first = Math.min.apply(null, cage[1]), q = xy(first), label = String(cage[0]);
    return '<g class="cage"' + (role ? ' data-role="' + role + '"' : "") + ' stroke="' + col + '" stroke-width="' + (role ? 2.4 : 1.1) +
      '" stroke-dasharray="' + (role ? "5 2" : "4 3") + '" fill="none">' + out.map(function (a) {
        return '<line x1="' + a[0] + '" y1="' + a[1] + '" x2="' + a[2] + '" y2="' + a[3] + '"/>';
      }).join("") + "</g>" + '<rect x="' + (q[0] + 1) + '" y="' + (q[1] + 1) + '" width="' + (7 * label.length + 4) +
      '" height="13" fill="white"/><text class="cage-sum" x="' + (q[0] + 3) + '" y="' + (q[1] + 12) +
      '" font-size="11" fill="' + col + '"' + (role ? ' font-weight="bold"' : "") + ">" + label + "</text>";
  }

  // how far a link bends: more where a marked candidate would sit on the curve (as link_bend() in svg.py)
  function linkBend(ax, ay, bx, by, side, bend, obstacles, r, most) {
    var dx = bx - ax, dy = by - ay, d = Math.sqrt(dx * dx + dy * dy) || 1, ux = dx / d, uy = dy / d;
    var nx = -side * uy, ny = side * ux;
    obstacles.forEach(function (p) {
      var t = ((p[0] - ax) * ux + (p[1] - ay) * uy) / d, off = (p[0] - ax) * nx + (p[1] - ay) * ny;
      if (t > 0.02 && t < 0.98 && Math.abs(off) < 1.5 * r) { bend = Math.max(bend, (off + 1.5 * r) / (2 * t * (1 - t))); }
    });
    return Math.min(bend, most);
  }

  function linkPath(l, discs) {
    var a = candXY(l[0], l[1]), b = candXY(l[2], l[3]), r = L.small * 0.62;
    var dx = b[0] - a[0], dy = b[1] - a[1], d = Math.sqrt(dx * dx + dy * dy) || 1, ux = dx / d, uy = dy / d;
    var ax = a[0] + ux * r, ay = a[1] + uy * r, bx = b[0] - ux * r, by = b[1] - uy * r;
    var size = n * L.cs + 2 * L.margin;
    var bend = Math.min(0.2 * d, 0.75 * L.cs), mx = (ax + bx) / 2, my = (ay + by) / 2, mid = size / 2;
    var side = (mid - mx) * -uy + (mid - my) * ux >= 0 ? 1 : -1;  // bend towards the centre: stay on the grid
    var others = discs.filter(function (x) {
      return !(x[0] === l[0] && x[1] === l[1]) && !(x[0] === l[2] && x[1] === l[3]);
    }).map(function (x) { return candXY(x[0], x[1]); });
    var most = Math.max(bend, 1.2 * L.cs);
    var here = linkBend(ax, ay, bx, by, side, bend, others, r, most), there = linkBend(ax, ay, bx, by, -side, bend, others, r, most);
    var apx = mx + side * uy * there / 2, apy = my - side * ux * there / 2;  // the curve's middle, bent the other way
    if (there < here && apx >= L.margin && apx <= size - L.margin && apy >= L.margin && apy <= size - L.margin) {
      side = -side; bend = there;  // the other side is clear sooner, and still on the grid
    } else { bend = here; }
    var cx = mx - side * uy * bend, cy = my + side * ux * bend;
    return '<path class="link ' + (l[4] ? "strong" : "weak") + '" d="M' + f1(ax) + "," + f1(ay) + " Q" + f1(cx) + "," +
      f1(cy) + " " + f1(bx) + "," + f1(by) + '"' + (l[4] ? "" : ' stroke-dasharray="5 4"') +
      (l[5] ? ' marker-end="url(#deduce-arrow)"' : "") + "/>";
  }

  // the disc behind a candidate: one colour, or one slice per role (as disc() in svg.py)
  function disc(x, y, r, roles, key) {
    var k = roles.length, out = [], i;
    if (k === 1) {
      return '<circle class="cand-' + roles[0] + '" data-cand="' + key + '" cx="' + f1(x) + '" cy="' + f1(y) + '" r="' +
        f1(r) + '" fill="' + colour(roles[0]) + '" stroke="#444444" stroke-width="0.5"/>';
    }
    for (i = 0; i < k; i++) {  // slices from the top, clockwise: two roles split left | right
      var a0 = 2 * Math.PI * i / k - Math.PI / 2 + (k === 2 ? Math.PI : 0);
      var a1 = 2 * Math.PI * (i + 1) / k - Math.PI / 2 + (k === 2 ? Math.PI : 0);
      out.push('<path class="cand-' + roles[i] + '" data-cand="' + key + '" d="M' + f1(x) + "," + f1(y) + " L" +
        f1(x + r * Math.cos(a0)) + "," + f1(y + r * Math.sin(a0)) + " A" + f1(r) + "," + f1(r) + " 0 " +
        (a1 - a0 > Math.PI ? 1 : 0) + ",1 " + f1(x + r * Math.cos(a1)) + "," + f1(y + r * Math.sin(a1)) +
        ' Z" fill="' + colour(roles[i]) + '"/>');
    }
    if (k) {
      out.push('<circle class="cand-split" data-cand="' + key + '" cx="' + f1(x) + '" cy="' + f1(y) + '" r="' + f1(r) +
        '" fill="none" stroke="#444444" stroke-width="0.8"/>');
    }
    return out.join("");
  }

  function drawGrid(state, m) {
    var cs = L.cs, size = n * cs + 2 * L.margin, out = [], i, cell;
    out.push('<svg xmlns="http://www.w3.org/2000/svg" class="deduce-grid" viewBox="0 0 ' + size + " " + size +
      '" width="' + size + '" height="' + size + '" font-family="Helvetica, Arial, sans-serif">');
    out.push('<rect x="0" y="0" width="' + size + '" height="' + size + '" fill="white"/>');
    var candRole = {}, elim = {}, placed = {}, discs = [];  // discs: the marked candidates links bend around
    if (m) {
      m.h.forEach(function (h) {
        houses[h[0]].forEach(function (c) {
          var p = xy(c);
          out.push('<rect class="' + h[1] + '" x="' + p[0] + '" y="' + p[1] + '" width="' + cs + '" height="' + cs +
            '" fill="' + colour(h[1]) + '" fill-opacity="0.6"/>');
        });
      });
      var byCell = {};
      m.c.forEach(function (x) { (byCell[x[0]] = byCell[x[0]] || []).push(x[1]); });
      Object.keys(byCell).forEach(function (k) {
        var roles = byCell[k], p = xy(+k), w = cs / roles.length;
        roles.forEach(function (role, j) {
          out.push('<rect class="' + role + '" x="' + f1(p[0] + j * w) + '" y="' + p[1] + '" width="' + f1(w) +
            '" height="' + cs + '" fill="' + colour(role) + '"/>');
        });
      });
      m.k.forEach(function (x) {
        var key = x[0] * 64 + x[1];
        if (x[2] === "eliminated") { elim[key] = true; } else if (x[2] === "placed") { placed[x[0]] = x[1]; }
        else if ((candRole[key] = candRole[key] || []).indexOf(x[2]) < 0) { candRole[key].push(x[2]); }
      });
    }
    for (i = 0; i <= n; i++) {
      var p = L.margin + i * cs;
      out.push('<line x1="' + L.margin + '" y1="' + p + '" x2="' + (size - L.margin) + '" y2="' + p +
        '" stroke="#bbbbbb" stroke-width="1"/><line x1="' + p + '" y1="' + L.margin + '" x2="' + p + '" y2="' +
        (size - L.margin) + '" stroke="#bbbbbb" stroke-width="1"/>');
    }
    for (cell = 0; cell < n * n; cell++) {
      var q = xy(cell), r = Math.floor(cell / n), c = cell % n;
      if (c + 1 < n && D.regions[cell] !== D.regions[cell + 1]) {
        out.push('<line x1="' + (q[0] + cs) + '" y1="' + q[1] + '" x2="' + (q[0] + cs) + '" y2="' + (q[1] + cs) +
          '" stroke="black" stroke-width="3"/>');
      }
      if (r + 1 < n && D.regions[cell] !== D.regions[cell + n]) {
        out.push('<line x1="' + q[0] + '" y1="' + (q[1] + cs) + '" x2="' + (q[0] + cs) + '" y2="' + (q[1] + cs) +
          '" stroke="black" stroke-width="3"/>');
      }
    }
    out.push('<rect x="' + L.margin + '" y="' + L.margin + '" width="' + n * cs + '" height="' + n * cs +
      '" fill="none" stroke="black" stroke-width="3"/>');
    var cageRole = {};
    if (m) { m.g.forEach(function (x) { cageRole[x[0]] = x[1]; }); }
    for (i = 0; i < D.cages.length; i++) { out.push(cageOutline(i, cageRole[i])); }
    for (cell = 0; cell < n * n; cell++) {
      var xy0 = xy(cell), v = state.v[cell];
      if (v >= 0) {
        var given = D.givens[cell] >= 0;
        out.push(text(xy0[0] + cs / 2, xy0[1] + cs / 2 + L.big * 0.35, D.symbols[v], L.big, given ? "#000000" : "#1f4e9c",
          given ? "given" : "placed"));
        continue;
      }
      if (cell in placed) {
        out.push('<rect class="placed-mark" x="' + (xy0[0] + 2) + '" y="' + (xy0[1] + 2) + '" width="' + (cs - 4) +
          '" height="' + (cs - 4) + '" rx="4" fill="' + colour("placed") + '" fill-opacity="0.7"/>');
        out.push(text(xy0[0] + cs / 2, xy0[1] + cs / 2 + L.big * 0.35, D.symbols[placed[cell]], L.big, PLACE,
          "placement", true));
        continue;
      }
      for (var s = 0; s < n; s++) {
        if (!(state.c[cell] >> s & 1)) { continue; }
        var cxy = candXY(cell, s), key = cell * 64 + s, rad = f1(L.small * 0.62);
        if (elim[key]) {
          discs.push([cell, s]);
          out.push('<circle class="eliminated-mark" cx="' + f1(cxy[0]) + '" cy="' + f1(cxy[1]) + '" r="' + rad + '" fill="' +
            ELIM + '" fill-opacity="0.2" stroke="' + ELIM + '" stroke-width="1.2"/>');
          out.push(text(cxy[0], cxy[1] + L.small * 0.35, D.symbols[s], L.small, ELIM, "eliminated", true));
          var e = L.small * 0.45;
          out.push('<line class="strike" x1="' + f1(cxy[0] - e) + '" y1="' + f1(cxy[1] + e) + '" x2="' + f1(cxy[0] + e) +
            '" y2="' + f1(cxy[1] - e) + '" stroke="' + ELIM + '" stroke-width="1.5"/>');
          continue;
        }
        var roles = candRole[key] || [];
        if (roles.length) { discs.push([cell, s]); }
        out.push(disc(cxy[0], cxy[1], L.small * 0.62, roles, cell + ":" + s));
        out.push(text(cxy[0], cxy[1] + L.small * 0.35, D.symbols[s], L.small, roles.length ? "#111111" : "#555555",
          "candidate"));
      }
    }
    if (m && m.l.length) {
      out.push('<defs><marker id="deduce-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" ' +
        'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="' + LINK + '"/></marker></defs>' +
        '<g class="links" fill="none" stroke="' + LINK + '" stroke-width="1.6">' +
        m.l.map(function (l) { return linkPath(l, discs); }).join("") + "</g>");
    }
    out.push("</svg>");
    return out.join("");
  }

  function legend(m) {
    var seen = {}, out = [];
    function add(role, how) { if (!seen[role]) { seen[role] = how; } }
    if (m) {
      m.h.forEach(function (x) { add(x[1], "box"); }); m.c.forEach(function (x) { add(x[1], "box"); });
      m.k.forEach(function (x) { add(x[2], "disc"); }); m.g.forEach(function (x) { add(x[1], "cage"); });
    }
    Object.keys(D.roles).forEach(function (role) {
      if (!seen[role]) { return; }
      var cls = seen[role] === "disc" ? "disc" : "";
      var shape = role.indexOf("cage") === 0 ? '<i style="border:2px dashed ' + colour(role) + '"></i>' :
        '<i class="' + cls + '" style="background:' + colour(role) + '"></i>';
      out.push('<span data-role="' + role + '">' + shape + esc(D.roles[role][1]) + "</span>");
    });
    if (m) {
      var roles = {}, split = m.k.some(function (x) {
        if (x[2] === "eliminated" || x[2] === "placed") { return false; }
        var key = x[0] * 64 + x[1];
        roles[key] = (roles[key] || 0) + 1;
        return roles[key] > 1;
      });
      if (split) {
        out.push('<span class="split-note"><svg viewBox="0 0 16 16"><path d="M8,8 L8,15 A7,7 0 0,1 8,1 Z" fill="' +
          colour("on") + '"/><path d="M8,8 L8,1 A7,7 0 0,1 8,15 Z" fill="' + colour("off") +
          '"/></svg>a disc in two colours: the candidate has both roles</span>');
      }
    }
    if (m && m.l.length) {
      var strong = m.l.some(function (l) { return l[4]; }), weak = m.l.some(function (l) { return !l[4]; });
      if (strong) {
        out.push('<span><svg viewBox="0 0 40 16"><line x1="2" y1="8" x2="38" y2="8" stroke="' + LINK +
          '" stroke-width="2"/></svg>strong link (if one is false, the other is true)</span>');
      }
      if (weak) {
        out.push('<span><svg viewBox="0 0 40 16"><line x1="2" y1="8" x2="38" y2="8" stroke="' + LINK +
          '" stroke-width="2" stroke-dasharray="5 4"/></svg>weak link (if one is true, the other is false)</span>');
      }
      if (m.l.some(function (l) { return l[5]; })) { out.push("<span>arrows follow the chain</span>"); }
    }
    return out.join("");
  }

  function hashFor(p) { return p === 0 ? "#start" : p > N ? "#end" : "#step-" + p; }
  function posFromHash() {
    var h = location.hash, mm = /^#step-(\d+)$/.exec(h);
    if (h === "#start") { return 0; }
    if (h === "#end") { return N + 1; }
    if (mm) { return Math.max(0, Math.min(N + 1, parseInt(mm[1], 10))); }
    return null;
  }

  function render() {
    var level = showAll ? 3 : reveal, step = pos >= 1 && pos <= N ? steps[pos - 1] : null;
    var state = states.length ? states[Math.min(pos === 0 ? 0 : pos > N ? N : pos - 1, states.length - 1)] : null;
    var m = step ? visible(step.m, level) : null;
    $("grid").innerHTML = state ? drawGrid(state, m) : "<p>The givens clash: nothing to draw.</p>";
    $("where").textContent = pos === 0 ? "Start" : pos > N ? "End" : "Step " + pos + " of " + N;
    $("prev").disabled = pos === 0;
    $("next").disabled = pos > N;
    var title = $("step-title"), nudge = $("nudge"), clue = $("clue"), full = $("full"), btn = $("reveal");
    if (step) {
      title.textContent = pos + ". " + step.name + (step.se !== null ? " (SE " + step.se.toFixed(1) + ")" : "");
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
    $("legend").innerHTML = legend(m);
    var links = document.querySelectorAll("#step-list a");
    for (var i = 0; i < links.length; i++) {
      var cur = +links[i].getAttribute("data-pos") === pos;
      links[i].classList.toggle("current", cur);
      if (cur) {
        links[i].setAttribute("aria-current", "step");
        var d = links[i].closest("details");
        if (d) { d.open = true; }
      } else { links[i].removeAttribute("aria-current"); }
    }
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

  function go(p, fromHash) {
    pos = Math.max(0, Math.min(N + 1, p));
    reveal = 0;
    if (!fromHash && location.hash !== hashFor(pos)) { history.replaceState(null, "", hashFor(pos)); }
    render();
  }
  function more() { if (pos >= 1 && pos <= N && reveal < 3) { reveal++; render(); } }

  function buildList() {
    var list = $("step-list"), html = [], i = 0;
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
        html.push('<li><details><summary>Steps ' + (i + 1) + "–" + j + ": " + esc(what.join(", ")) + "</summary><ol>");
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

  buildList();
  $("prev").addEventListener("click", function () { go(pos - 1); });
  $("next").addEventListener("click", function () { go(pos + 1); });
  $("reveal").addEventListener("click", more);
  $("show-all").addEventListener("change", function (e) { showAll = e.target.checked; render(); });
  $("step-list").addEventListener("click", function (e) {
    var a = e.target.closest("a[data-pos]");
    if (a) { e.preventDefault(); go(+a.getAttribute("data-pos")); }
  });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    var tag = (e.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select") { return; }
    if (e.key === "ArrowRight") { go(pos + 1); e.preventDefault(); }
    else if (e.key === "ArrowLeft") { go(pos - 1); e.preventDefault(); }
    else if (e.key === "ArrowDown" || (e.key === " " && tag !== "button" && tag !== "summary")) { more(); e.preventDefault(); }
  });
  window.addEventListener("hashchange", function () { var p = posFromHash(); if (p !== null && p !== pos) { go(p, true); } });
  var initial = posFromHash();
  go(initial === null ? 0 : initial, true);
})();
