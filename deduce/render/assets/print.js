/* deduce: printing.  A print sheet kept beside the app (shown only on paper, print.css): the
   puzzle's title and its grid with the givens alone, or the grid as played ("my grid"), and,
   when asked ("with the steps"), every step of the solve from the start in words (the steps
   from POST /app/steps).  The browser's own Print (Ctrl+P) prints the same sheet. */
(window.DeduceFeatures = window.DeduceFeatures || []).push(function (app) {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };
  var mine = false;   // print the grid as played rather than the givens alone

  var sheet = document.createElement("section");
  sheet.id = "print-sheet"; sheet.className = "print-sheet"; sheet.setAttribute("aria-hidden", "true");
  sheet.innerHTML = '<h1 class="print-title"></h1><div class="print-grid"></div><ol class="print-steps" hidden></ol>' +
    '<p class="print-foot"></p>';
  document.body.appendChild(sheet);

  function drawSheet() {
    var g = app.game(), D = app.board(), G = app.grid();
    if (!g || !D) { return; }
    var v = mine ? g.v.slice() : D.givens.slice(), c = v.map(function (x, k) { return mine && x < 0 ? g.m[k] : 0; });
    sheet.querySelector(".print-title").textContent = D.title.replace(/^deduce: /, "");
    sheet.querySelector(".print-grid").innerHTML = G.draw({ v: v, c: c }, null, {});
    var givens = D.givens.filter(function (x) { return x >= 0; }).length;
    sheet.querySelector(".print-foot").textContent = givens + " givens" + (mine ? "; the grid as played" : "") +
      ". Printed from deduce.";
  }
  app.on("start", function () { sheet.querySelector(".print-steps").hidden = true; drawSheet(); });
  app.on("draw", function () { if (mine) { drawSheet(); } });
  window.addEventListener("beforeprint", drawSheet);

  var span = document.createElement("span");
  span.className = "print-tools";
  span.innerHTML = '<button type="button" id="print" title="print the sheet chosen beside">Print</button>' +
    '<select id="print-what" aria-label="what to print"><option value="puzzle">the puzzle</option>' +
    '<option value="mine">my grid</option><option value="steps">with the steps</option></select>';
  var tools = document.querySelector("#play .tools");
  if (tools) { tools.appendChild(span); }

  function steps() {   // the solve from the start, in words, on the sheet
    var g = app.game();
    app.coach("Solving for the print…");
    return app.post("/app/steps", { puzzle: g.src }).then(function (r) {
      if (r.code !== 200 || !r.doc.page) { app.coach(app.problem(r)); return false; }
      var list = sheet.querySelector(".print-steps"), G = app.grid();
      list.innerHTML = r.doc.page.steps.map(function (s) {
        return "<li><b>" + G.esc(s.name) + "</b>: " + G.esc(s.text.replace(/^[^:]*: /, "")) + "</li>";
      }).join("");
      list.hidden = false;
      app.coach("");
      return true;
    });
  }
  function printNow() { drawSheet(); window.print(); }
  $("print").addEventListener("click", function () {
    var what = $("print-what").value;
    mine = what === "mine";
    if (what !== "steps") { sheet.querySelector(".print-steps").hidden = true; printNow(); return; }
    steps().then(function (ok) { if (ok) { printNow(); } });
  });
  window.DeducePrint = { steps: steps, sheet: drawSheet, mine: function (on) { mine = !!on; drawSheet(); } };
});
