/* deduce: the learner's page.  Steps through the solve in #deduce-data with the
   shared drawing (grid.js) and stepping (steps.js) code.  No network. */
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("deduce-data").textContent);
  window.DeduceSteps(D, document.body, { hash: true });
  var rules = document.getElementById("rules"), G = window.DeduceGrid(D);  // a variant's rule line
  rules.innerHTML = G.rules();
  rules.hidden = !G.drawing.rules.length;
})();
