/* deduce: drawing a grid and a step's marks, shared by the offline page (page.js) and
   the app (app.js).  DeduceGrid(D, view) takes the page's data (size, symbols, regions,
   cages, givens, layout, roles: deduce/render/html.py's board_data) and returns the
   drawing functions; view.width (optional) is the drawing's width on screen in pixels,
   so that cage sums stay readable (at least 10 px) on a phone.  The same layout and
   roles as deduce/render/svg.py.  No network. */
(function (root) {
  "use strict";
  root.DeduceGrid = function (D, view) {
  var n = D.size, L = {};
  Object.keys(D.layout).forEach(function (k) { L[k] = D.layout[k]; });
  // a cage's sum takes a thinner band at the top of its cell than the printed picture gives it, so that
  // the candidates below it can be larger (legible on a phone) and still clear of it; drawn small, the
  // sum grows to stay at least SUM_PX pixels tall on screen, and its band with it
  var SUM_PX = 10.5, width = view && view.width, scale = width ? width / (n * L.cs + 2 * L.margin) : 1;
  var SUM = !D.cages.length ? 11 : width ? Math.max(9.5, Math.ceil(2 * SUM_PX / scale) / 2) : 9.5;
  if (D.cages.length) { L.top = Math.max(Math.min(L.top, 13), SUM + 1.5); L.side = Math.min(L.side, 3); }
  // the player's highlight of a symbol: grey, a colour no role of a step uses (deduce/render/marks.py's ROLES)
  var SAME = "#d0d0d0", SAME_CAND = "#bababa", CLASH = "#c92a2a", CLASH_BACK = "#ffe3e3";
  var LINK = "#c2255c", ELIM = "#d62728", PLACE = "#2b8a3e";
  // a link's dashes by kind (as svg.py's DASHES): strong solid, weak dashed, through a set or a group dotted
  var DASHES = { strong: "", weak: ' stroke-dasharray="5 4"', als: ' stroke-dasharray="1.5 3"',
    group: ' stroke-dasharray="1.5 3"' };
  // what the legend says of each kind: what the step's words say of that link
  var LINK_WORDS = [
    ["strong", "strong link (if one is false, the other is true)"],
    ["weak", "weak link (if one is true, the other is false)"],
    ["als", "through an almost locked set (without the first symbol, the set is locked on the rest)"],
    ["group", "through a group (the symbol's other places in a house, all in one box or line)"]];
  function linkKind(l) { return l[6] || (l[4] ? "strong" : "weak"); }
  // candidates as large as their slot allows (legible on a phone), never smaller than the layout's
  var SMALL = Math.max(L.small, Math.floor(Math.min((L.cs - 2 * L.side) / L.sub, (L.cs - L.top - L.side) / L.sub) * 0.9));
  var houses = [];
  (function () {
    var r, k;
    for (r = 0; r < 3 * n; r++) { houses.push([]); }
    for (k = 0; k < n * n; k++) {
      houses[Math.floor(k / n)].push(k); houses[n + k % n].push(k); houses[2 * n + D.regions[k]].push(k);
    }
  })();
  function cellName(k) { return "r" + (Math.floor(k / n) + 1) + "c" + (k % n + 1); }
  function cellIndex(name) {
    var mm = /^r(\d+)c(\d+)$/.exec(name);
    return mm ? (parseInt(mm[1], 10) - 1) * n + parseInt(mm[2], 10) - 1 : -1;
  }
  function candIndex(text) {  // "r1c2=5" -> [cell, symbol index]
    var at = text.lastIndexOf("=");
    return [cellIndex(text.slice(0, at)), D.symbols.indexOf(text.slice(at + 1))];
  }
  // a step's marks as JSON records write them (deduce/render/marks.py's to_json) -> the compact form drawn here
  function fromJson(j) {
    var names = D.cageNames || [];
    return {
      c: (j.cells || []).map(function (x) { return [cellIndex(x.cell), x.role]; }),
      k: (j.candidates || []).map(function (x) { var p = candIndex(x.candidate); return [p[0], p[1], x.role]; }),
      h: (j.houses || []).map(function (x) { return [D.houseNames.indexOf(x.house), x.role]; }).filter(function (x) { return x[0] >= 0; }),
      g: (j.cages || []).map(function (x) { return [names.indexOf(x.cage), x.role]; }).filter(function (x) { return x[0] >= 0; }),
      l: (j.links || []).map(function (x) {
        var a = candIndex(x.from), b = candIndex(x.to);
        var kind = x.kind === "als" || x.kind === "group" ? x.kind : "";
        return [a[0], a[1], b[0], b[1], x.strong ? 1 : 0, x.directed ? 1 : 0, kind];
      })
    };
  }

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

  // what of a step's marks shows at a reveal level: the clue points to the place (houses, cages, the
  // pattern's cells) but never shades the answer (a cell that the step fills or removes candidates from);
  // the explanation adds the answer's cells, the candidates' roles and the links; the last level the result
  function visible(m, level) {
    if (!m) { return null; }
    var answer = {};
    m.k.forEach(function (x) { if (x[2] === "eliminated" || x[2] === "placed") { answer[x[0]] = true; } });
    return {
      c: level >= 2 ? m.c : level >= 1 ? m.c.filter(function (x) { return !answer[x[0]]; }) : [],
      h: level >= 1 ? m.h : [], g: level >= 1 ? m.g : [],
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
      }).join("") + "</g>" + '<rect x="' + (q[0] + 1) + '" y="' + (q[1] + 1) + '" width="' + (0.62 * SUM * label.length + 4) +
      '" height="' + (SUM + 1.5) + '" fill="white"/><text class="cage-sum" x="' + (q[0] + 3) + '" y="' + (q[1] + SUM + 0.5) +
      '" font-size="' + SUM + '" fill="' + col + '"' + (role ? ' font-weight="bold"' : "") + ">" + label + "</text>";
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
    var a = candXY(l[0], l[1]), b = candXY(l[2], l[3]), r = SMALL * 0.62;
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
    var kind = linkKind(l);
    return '<path class="link ' + kind + '" d="M' + f1(ax) + "," + f1(ay) + " Q" + f1(cx) + "," +
      f1(cy) + " " + f1(bx) + "," + f1(by) + '"' + DASHES[kind] +
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

  // the variant constraints (thermometers, arrows, dots, lines, outside clues...): the server's one description
  // of them (deduce/render/variants.py's constraint_drawing, in this layout), the same elements its SVG draws
  var drawing = D.drawing || { items: [], rules: [] };
  function variants(layer) {
    return drawing.items.filter(function (it) { return it.layer === layer; }).map(function (it) { return it.svg; }).join("");
  }
  // the rule line: what the constraints without a picture say (anti-knight, non-consecutive, all dots given)
  function rules() {
    return drawing.rules.map(function (r) { return '<span class="rule">' + esc(r) + "</span>"; }).join(" ");
  }

  // opts (the app's): selected cell, highlight (a symbol), wrong (cells), clash (cells whose symbol a peer
  // holds too), cells (focusable, labelled cells, in rows for a screen reader; the drawing is hidden from it)
  function drawGrid(state, m, opts) {
    opts = opts || {};
    var cs = L.cs, size = n * cs + 2 * L.margin, out = [], i, cell, clash = opts.clash || {};
    out.push('<svg xmlns="http://www.w3.org/2000/svg" class="deduce-grid" viewBox="0 0 ' + size + " " + size +
      '" width="' + size + '" height="' + size + '" font-family="Helvetica, Arial, sans-serif"' +
      (opts.cells ? ' role="none"><g class="drawing" aria-hidden="true">' : ">"));
    out.push('<rect x="0" y="0" width="' + size + '" height="' + size + '" fill="white"/>');
    function back(k, cls, fill) {
      var p = xy(k);
      out.push('<rect class="' + cls + '" x="' + p[0] + '" y="' + p[1] + '" width="' + cs + '" height="' + cs + '" fill="' + fill + '"/>');
    }
    if (opts.selected !== undefined && opts.selected >= 0) { back(opts.selected, "selected", "#c5dcff"); }
    for (cell = 0; cell < n * n; cell++) {
      if (opts.wrong && opts.wrong[cell]) { back(cell, "wrong", "#ffb3b3"); }
      else if (clash[cell] && cell !== opts.selected) { back(cell, "clash", CLASH_BACK); }
      else if (cell !== opts.selected && opts.highlight !== undefined && opts.highlight >= 0 && state.v[cell] === opts.highlight) {
        back(cell, "same", SAME);
      }
    }
    var candRole = {}, elim = {}, placed = {}, discs = [];  // discs: the marked candidates links bend around
    // a variant's lines and shading go under a step's colours, which are then see-through (as svg.py draws)
    var seen = drawing.items.length ? ' fill-opacity="0.65"' : "";
    out.push(variants("under"));
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
          out.push('<rect class="' + role + '" data-cell="' + k + '" x="' + f1(p[0] + j * w) + '" y="' + p[1] + '" width="' + f1(w) +
            '" height="' + cs + '" fill="' + colour(role) + '"' + seen + "/>");
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
    out.push(variants("over"));
    for (cell = 0; cell < n * n; cell++) {
      var xy0 = xy(cell), v = state.v[cell];
      if (v >= 0) {
        var given = D.givens[cell] >= 0;
        out.push(text(xy0[0] + cs / 2, xy0[1] + cs / 2 + L.big * 0.35, D.symbols[v], L.big,
          clash[cell] ? CLASH : given ? "#000000" : "#1f4e9c", (given ? "given" : "placed") + (clash[cell] ? " clash" : "")));
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
        var cxy = candXY(cell, s), key = cell * 64 + s, rad = f1(SMALL * 0.62);
        if (elim[key]) {
          discs.push([cell, s]);
          out.push('<circle class="eliminated-mark" cx="' + f1(cxy[0]) + '" cy="' + f1(cxy[1]) + '" r="' + rad + '" fill="' +
            ELIM + '" fill-opacity="0.2" stroke="' + ELIM + '" stroke-width="1.2"/>');
          out.push(text(cxy[0], cxy[1] + SMALL * 0.35, D.symbols[s], SMALL, ELIM, "eliminated", true));
          var e = SMALL * 0.45;
          out.push('<line class="strike" x1="' + f1(cxy[0] - e) + '" y1="' + f1(cxy[1] + e) + '" x2="' + f1(cxy[0] + e) +
            '" y2="' + f1(cxy[1] - e) + '" stroke="' + ELIM + '" stroke-width="1.5"/>');
          continue;
        }
        var roles = candRole[key] || [];
        if (roles.length) { discs.push([cell, s]); }
        else if (opts.highlight === s) {
          out.push('<circle class="cand-same" cx="' + f1(cxy[0]) + '" cy="' + f1(cxy[1]) + '" r="' + f1(SMALL * 0.62) + '" fill="' + SAME_CAND + '"/>');
        }
        out.push(disc(cxy[0], cxy[1], SMALL * 0.62, roles, cell + ":" + s));
        out.push(text(cxy[0], cxy[1] + SMALL * 0.35, D.symbols[s], SMALL, roles.length ? "#111111" : "#555555",
          "candidate"));
      }
    }
    if (m && m.l.length) {
      out.push('<defs><marker id="deduce-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" ' +
        'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="' + LINK + '"/></marker></defs>' +
        '<g class="links" fill="none" stroke="' + LINK + '" stroke-width="1.6">' +
        m.l.map(function (l) { return linkPath(l, discs); }).join("") + "</g>");
    }
    if (opts.cells) {
      out.push("</g>");
      for (cell = 0; cell < n * n; cell++) {
        var h = xy(cell);
        if (cell % n === 0) { out.push('<g role="row" aria-label="row ' + (cell / n + 1) + '">'); }
        out.push('<rect class="hit" id="' + opts.cells + cell + '" data-cell="' + cell + '" role="gridcell" aria-label="' +
          esc(cellLabel(state, cell, clash)) + '"' + (cell === opts.selected ? ' aria-selected="true"' : "") + ' x="' + h[0] +
          '" y="' + h[1] + '" width="' + cs + '" height="' + cs + '" fill="transparent"/>');
        if (cell % n === n - 1) { out.push("</g>"); }
      }
    }
    out.push("</svg>");
    return out.join("");
  }

  // the cage of each cell: its index in D.cages, or -1
  var cageOf = [];
  (function () {
    for (var k = 0; k < n * n; k++) { cageOf.push(-1); }
    D.cages.forEach(function (cage, i) { cage[1].forEach(function (k) { cageOf[k] = i; }); });
  })();
  // "r4c5, empty, candidates 1 3 7" (or "r4c5, given 5", "r4c5, 5", "r4c5, 5, clashes with another 5", a
  // variant's "r4c5, 5, clashes with the white dot r4c5-r4c6"),
  // then its cage: "cage of 3 cells adding up to 15"
  function cellLabel(state, cell, clash) {
    var name = cellName(cell), v = state.v[cell], out, cage = cageOf[cell];
    if (v >= 0) {
      out = name + ", " + (D.givens[cell] >= 0 ? "given " : "") + D.symbols[v] +
        (clash && clash[cell] === true ? ", clashes with another " + D.symbols[v] :
          clash && clash[cell] ? ", clashes with the " + clash[cell] : "");
    } else {
      var cands = [];
      for (var s = 0; s < n; s++) { if (state.c[cell] >> s & 1) { cands.push(D.symbols[s]); } }
      out = name + ", empty" + (cands.length ? ", candidates " + cands.join(" ") : "");
    }
    if (cage >= 0) {
      var size = D.cages[cage][1].length;
      out += size === 1 ? ", a one-cell cage of " + D.cages[cage][0] :
        ", cage of " + size + " cells adding up to " + D.cages[cage][0];
    }
    return out;
  }

  // the legend: each swatch drawn as the grid draws that thing (the same colours and shapes)
  function swatch(inner, w) {
    return '<svg class="swatch" viewBox="0 0 ' + (w || 20) + ' 20" width="' + (w || 20) + '" height="20" aria-hidden="true">' +
      inner + "</svg>";
  }
  function legend(m) {
    var seen = {}, out = [];
    function add(role, how) { if (!seen[role]) { seen[role] = how; } }
    if (m) {
      m.h.forEach(function (x) { add(x[1], "house"); }); m.c.forEach(function (x) { add(x[1], "cell"); });
      m.k.forEach(function (x) { add(x[2], "disc"); }); m.g.forEach(function (x) { add(x[1], "cage"); });
    }
    Object.keys(D.roles).forEach(function (role) {
      if (!seen[role]) { return; }
      var how = seen[role], col = colour(role), shape;
      if (role === "eliminated") {
        shape = '<circle cx="10" cy="10" r="7" fill="' + ELIM + '" fill-opacity="0.2" stroke="' + ELIM +
          '" stroke-width="1.2"/><text x="10" y="14" font-size="11" text-anchor="middle" fill="' + ELIM +
          '" font-weight="bold">5</text><line x1="5" y1="15" x2="15" y2="5" stroke="' + ELIM + '" stroke-width="1.5"/>';
      } else if (role === "placed") {
        shape = '<rect x="1" y="1" width="18" height="18" rx="3" fill="' + col + '" fill-opacity="0.7"/>' +
          '<text x="10" y="15" font-size="14" text-anchor="middle" fill="' + PLACE + '" font-weight="bold">5</text>';
      } else if (how === "cage") {
        shape = '<rect x="2" y="2" width="16" height="16" fill="none" stroke="' + col + '" stroke-width="2.4" stroke-dasharray="5 2"/>';
      } else if (how === "disc") {
        shape = '<circle cx="10" cy="10" r="7" fill="' + col + '" stroke="#444444" stroke-width="0.5"/>';
      } else {
        shape = '<rect x="1" y="1" width="18" height="18" fill="' + col + '"' + (how === "house" ? ' fill-opacity="0.6"' : "") + "/>";
      }
      out.push('<span data-role="' + role + '">' + swatch(shape) + esc(D.roles[role][1]) + "</span>");
    });
    if (m) {
      var roles = {}, split = m.k.some(function (x) {
        if (x[2] === "eliminated" || x[2] === "placed") { return false; }
        var key = x[0] * 64 + x[1];
        roles[key] = (roles[key] || 0) + 1;
        return roles[key] > 1;
      });
      if (split) {
        out.push('<span class="split-note">' + swatch('<path d="M10,10 L10,17 A7,7 0 0,1 10,3 Z" fill="' +
          colour("on") + '"/><path d="M10,10 L10,3 A7,7 0 0,1 10,17 Z" fill="' + colour("off") +
          '"/>') + "a disc in two colours: the candidate has both roles</span>");
      }
    }
    if (m && m.l.length) {
      LINK_WORDS.forEach(function (kw) {
        if (m.l.some(function (l) { return linkKind(l) === kw[0]; })) {
          out.push('<span class="link-' + kw[0] + '">' + swatch('<line x1="2" y1="10" x2="38" y2="10" stroke="' + LINK +
            '" stroke-width="2"' + DASHES[kw[0]] + "/>", 40) + kw[1] + "</span>");
        }
      });
      if (m.l.some(function (l) { return l[5]; })) { out.push("<span>arrows follow the chain</span>"); }
    }
    return out.join("");
  }

  return { draw: drawGrid, legend: legend, rules: rules, drawing: drawing, visible: visible, houses: houses, cellName: cellName,
    cellIndex: cellIndex, cellLabel: cellLabel, fromJson: fromJson, esc: esc };
  };
})(window);
