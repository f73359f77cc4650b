/* deduce: a page per technique.  Reached from every hint's title (a link to #technique/CODE), from
   each step's title in "Solve from here", and from the list of techniques (#techniques): the technique's definition, its ratings and other
   programs' names for it, the catalogue's example drawn with the step's marks, the step's words
   at the three levels, and "Practise this": a position where the technique is the first step of
   the solve the hints follow (POST /app/practice: one of the practice bank's, or with "A new one" the
   generator's; the catalogue's stored one when neither has one). */
(window.DeduceFeatures = window.DeduceFeatures || []).push(function (app) {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };
  var esc = function (s) {
    return String(s).replace(/[&<>"]/g, function (ch) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;" }[ch]; });
  };
  var page = document.createElement("section");
  page.id = "strategy"; page.className = "strategy"; page.hidden = true; page.setAttribute("aria-label", "technique");
  page.innerHTML = '<h2><span id="strategy-name"></span> <button id="strategy-close" type="button">Back to playing</button></h2>' +
    '<div id="strategy-body"></div>';
  var main = document.querySelector("main.app");
  if (main) { main.appendChild(page); }
  var link = document.createElement("a");
  link.href = "#techniques"; link.id = "techniques-link"; link.textContent = "Techniques";
  var header = document.querySelector(".app-header");
  if (header) { header.insertBefore(link, header.children[1] || null); }
  var shown = null, before = null;   // the technique shown; what was on screen before the page

  // the hint's title becomes a link to the technique's page
  app.on("hint", function (step) {
    if (!step || !step.code) { return; }
    $("hint-title").innerHTML = '<a href="#technique/' + esc(step.code) + '" class="technique-link" data-code="' +
      esc(step.code) + '" title="what is a ' + esc(step.technique.toLowerCase()) + '? (its page)">' + esc(step.technique) + "</a>";
  });

  // in "Solve from here" too, a step's technique opens its page (the offline page shows the definition)
  document.addEventListener("click", function (e) {
    var a = e.target.closest && e.target.closest("#solver a.technique[data-code]");
    if (!a) { return; }
    e.preventDefault(); e.stopPropagation();
    location.hash = "#technique/" + a.getAttribute("data-code");
  }, true);

  function hideOthers() {
    before = before || ["play", "coach", "solver", "empty"].filter(function (id) { return $(id) && !$(id).hidden; });
    ["play", "coach", "solver", "empty"].forEach(function (id) { if ($(id)) { $(id).hidden = true; } });
    page.hidden = false;
  }
  function close() {
    page.hidden = true; shown = null;
    (before || (app.game() ? ["play", "coach"] : ["empty"])).forEach(function (id) { if ($(id)) { $(id).hidden = false; } });
    before = null;
    if (/^#techniques?\b/.test(location.hash)) { history.replaceState(null, "", location.pathname + location.search); }
  }
  function showIndex() {
    hideOthers();
    shown = "";
    $("strategy-name").textContent = "Techniques";
    $("strategy-body").innerHTML = "<p>Loading…</p>";
    app.post("/app/technique", {}).then(function (r) {
      if (r.code !== 200) { $("strategy-body").textContent = app.problem(r); return; }
      $("strategy-body").innerHTML = '<p>In the order deduce tries them, easiest first.</p><ol class="technique-index">' +
        r.doc.techniques.map(function (t) {
          return '<li><a href="#technique/' + esc(t.code) + '">' + esc(t.name) + "</a></li>";
        }).join("") + "</ol>";
    });
  }
  function show(code) {
    hideOthers();
    shown = code;
    $("strategy-name").textContent = code;
    $("strategy-body").innerHTML = "<p>Loading…</p>";
    page.setAttribute("data-code", code);
    app.post("/app/technique", { technique: code }).then(function (r) {
      if (shown !== code) { return; }
      if (r.code !== 200) { $("strategy-body").textContent = app.problem(r); return; }
      render(r.doc);
    });
  }
  function render(t) {
    $("strategy-name").textContent = t.name;
    var rating = [];
    if (t.se !== null && t.se !== undefined) { rating.push("Sudoku Explainer " + t.se.toFixed(1)); }
    if (t.hodoku) { rating.push("HoDoKu " + t.hodoku + " (" + t.level + ")"); }
    var html = ['<div class="strategy-main"><div>'];
    var ex = t.example;
    if (ex) { html.push('<div class="example" aria-label="an example"></div>'); }
    html.push('<p><button type="button" id="practise" data-code="' + esc(t.code) + '">Practise this</button> ' +
      '<button type="button" id="practise-new" data-code="' + esc(t.code) + '" title="a position the generator makes now ' +
      '(it may take a few seconds, or find none)">A new one</button> ' +
      '<span id="practise-status" aria-live="polite"></span></p></div><div>');
    html.push('<p class="definition-text">' + esc(t.description) + "</p>");
    html.push('<p class="ratings">Family: ' + esc(t.family) + (rating.length ? "; rated " + esc(rating.join(", ")) : "") + ".</p>");
    if (t.rating_note) { html.push('<p class="ratings">' + esc(t.rating_note) + "</p>"); }
    if (t.other_names.length) { html.push('<p class="names">Also called: ' + esc(t.other_names.join(", ")) + ".</p>"); }
    if (ex) {
      html.push("<h3>The example</h3>");
      html.push('<p class="level nudge">' + esc(ex.step.nudge) + '</p><p class="level clue">' + esc(ex.step.clue) +
        '</p><div class="level full">' + esc(ex.step.explanation) + "</div>");
      if (!ex.easiest && ex.also.length) {
        html.push('<p class="ratings">Here easier techniques make some of the same eliminations too: ' + esc(ex.also.join(", ")) + ".</p>");
      }
      html.push('<div class="legend" aria-label="legend"></div>');
    } else {
      html.push("<p>No stored example: the catalogue holds none for this technique.</p>");
    }
    html.push("</div></div>");
    $("strategy-body").innerHTML = html.join("");
    if (ex) {
      var G = window.DeduceGrid(ex.board), marks = G.fromJson(ex.step.marks);
      page.querySelector(".example").innerHTML = G.draw({ v: ex.values, c: ex.candidates.map(function (c, k) {
        return ex.values[k] >= 0 ? 0 : c;
      }) }, marks);
      page.querySelector(".legend").innerHTML = G.legend(marks);
    }
  }
  var SOURCES = { bank: "A position from the practice bank", generated: "A new position", stored: "The catalogue's position" };
  var PATHS = { se: "Sudoku Explainer's path", hodoku: "HoDoKu's path", full: "the path of every technique (the full profile)" };
  function practise(code, fresh) {
    $("practise").disabled = $("practise-new").disabled = true;
    $("practise-status").textContent = fresh ? "Asking the generator for a new position…" : "Finding a position…";
    // no seed: one of the bank's positions; a seed: the generator's (the bank's when it finds none in time)
    var body = fresh ? { technique: code, seed: Math.floor(Math.random() * 1000000) } : { technique: code };
    app.post("/app/practice", body).then(function (r) {
      $("practise").disabled = $("practise-new").disabled = false;
      if (r.code !== 200) { $("practise-status").textContent = app.problem(r); return; }
      var d = r.doc;
      if (d.status !== "practice") { $("practise-status").textContent = "No practice position: " + d.reason + "."; return; }
      app.open(d.puzzle).then(function (ok) {
        if (!ok) { return; }
        var g = app.game();
        g.v = d.values.slice();
        g.m = d.candidates.map(function (c, k) { return d.values[k] >= 0 ? 0 : c; });
        g.undo = []; g.redo = []; g.colours = { cell: {}, cand: {} }; g.timer = { ms: 0, paused: false, done: false };
        g.practice = d.code;
        before = ["play", "coach"];
        close();
        app.save(); app.draw();
        var name = $("strategy-name").textContent.toLowerCase();
        app.coach((SOURCES[d.source] || SOURCES.stored) + (d.note ? " (" + d.note + ")" : "") +
          (d.profile === "deduce" || !PATHS[d.profile] ? ": its first step is a " + name + ". Find it, or ask for a hint." :
            ": its first step on " + PATHS[d.profile] + " is a " + name + "; the hints follow deduce's own path, " +
            "which finds another step first here, so a hint may name that one. Find it."));
        document.body.setAttribute("data-practice", d.code);
      });
    });
  }
  page.addEventListener("click", function (e) {
    if (e.target.id === "strategy-close") { close(); }
    if (e.target.id === "practise" || e.target.id === "practise-new") {
      practise(e.target.getAttribute("data-code"), e.target.id === "practise-new");
    }
  });
  function route() {
    var h = location.hash, m = /^#technique\/([^/]+)$/.exec(h);
    if (m) { show(decodeURIComponent(m[1])); }
    else if (h === "#techniques") { showIndex(); }
    else if (!page.hidden) { close(); }
  }
  window.addEventListener("hashchange", route);
  app.on("start", function () { if (!page.hidden && shown === null) { page.hidden = true; } });
  setTimeout(route, 0);
});
