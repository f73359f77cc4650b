/* deduce: the rating explained beside the hints.  Rate (POST /api/rate) gives Sudoku Explainer's
   scale, measured on Sudoku Explainer's path (its own order of techniques), and HoDoKu's score,
   on HoDoKu's path; the hints follow deduce's own path, which may take other steps.  So Rate
   says which path each number follows, finds the hardest step on Sudoku Explainer's path (the
   step the rating names, POST /app/steps with that profile) and on deduce's own, and offers to
   step through either path from its hardest step. */
(window.DeduceFeatures = window.DeduceFeatures || []).push(function (app) {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };
  var box = document.createElement("div");
  box.id = "rating-box"; box.className = "rating-box"; box.hidden = true; box.setAttribute("aria-live", "polite");
  var coachText = $("coach-text");
  if (coachText) { coachText.parentNode.insertBefore(box, coachText.nextSibling); }
  var paths = {};   // profile -> the steps page of its path from the start
  var WHOSE = { se: "Sudoku Explainer's path", deduce: "deduce's own path (the one the hints follow)" };

  function hardest(pageDoc) {   // [index, step] of the step with the highest SE rating, the first of them
    var best = -1, at = -1;
    pageDoc.steps.forEach(function (s, i) { if (s.se !== null && s.se !== undefined && s.se > best) { best = s.se; at = i; } });
    return at < 0 ? null : [at, pageDoc.steps[at]];
  }
  function pathLine(profile, pageDoc) {
    var h = hardest(pageDoc), G = app.grid();
    if (!h) { return '<p class="path">' + WHOSE[profile] + ": no rated step.</p>"; }
    return '<p class="path" data-profile="' + profile + '">On ' + WHOSE[profile] + " the hardest step is step " + (h[0] + 1) +
      " of " + pageDoc.steps.length + ": " + G.esc(h[1].name) + " (SE " + h[1].se.toFixed(1) + ")" +
      ' <button type="button" class="step-through" data-profile="' + profile + '" data-at="' + (h[0] + 1) +
      '">Step through it</button></p>';
  }
  function rate() {
    var g = app.game(), src = g.src;
    box.hidden = true; box.innerHTML = ""; paths = {};
    app.coach("Rating…");
    app.post("/api/rate", { puzzle: src }).then(function (r) {
      var d = r.doc;
      if (r.code !== 200) { app.coach(app.problem(r)); return; }
      if (d.er === undefined || d.er === null) { app.coach("No rating: " + (d.reason || d.status)); return; }
      var settings = d.settings || {}, classic = !/^deduce/.test(settings.er_profile || "se") && app.board().kind === "classic";
      var erPath = classic ? "Sudoku Explainer's path" : "deduce's path (Sudoku Explainer has no " + app.board().kind + ")";
      var scorePath = classic ? "HoDoKu's path" : "deduce's path";
      app.coach("Sudoku Explainer scale ER " + d.er.toFixed(1) + ", EP " + d.ep.toFixed(1) + ", ED " + d.ed.toFixed(1) +
        " (on " + erPath + "); HoDoKu scale " + d.score + ", " + d.level + " (on " + scorePath + "). Hardest step on " +
        erPath + ": " + d.hardest + ". The hints follow deduce's own path, which may not need that step.");
      box.innerHTML = '<p class="path">Finding the hardest steps…</p>';
      box.hidden = false;
      var profiles = classic ? ["se", "deduce"] : ["deduce"];
      Promise.all(profiles.map(function (p) {
        return app.post("/app/steps", p === "deduce" ? { puzzle: src } : { puzzle: src, profile: p }).then(function (s) {
          if (s.code === 200 && s.doc.page) { paths[p] = s.doc.page; }
        });
      })).then(function () {
        if (app.game().src !== src) { return; }
        box.innerHTML = profiles.filter(function (p) { return paths[p]; }).map(function (p) { return pathLine(p, paths[p]); }).join("") ||
          '<p class="path">The paths could not be found in time.</p>';
      });
    });
  }
  app.on("rate", rate);
  box.addEventListener("click", function (e) {
    var b = e.target.closest(".step-through");
    if (!b || !paths[b.getAttribute("data-profile")]) { return; }
    app.showSolver(paths[b.getAttribute("data-profile")], +b.getAttribute("data-at"));
  });
  app.on("start", function () { box.hidden = true; box.innerHTML = ""; paths = {}; });
});
