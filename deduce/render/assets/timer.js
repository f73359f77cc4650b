/* deduce: the game's clock.  Counts while the game is on screen and not paused, stops when the
   puzzle is solved; kept in the game (game.timer: {ms, paused, done}), so a reload carries on
   from where it was, and each kept game has its own.  The Pause button hides the grid while
   paused (no looking for free). */
(window.DeduceFeatures = window.DeduceFeatures || []).push(function (app) {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };
  var since = null;   // when the running stretch began (ms), null when stopped

  function timer() {
    var g = app.game();
    if (!g.timer || typeof g.timer.ms !== "number") { g.timer = { ms: 0, paused: false, done: false }; }
    return g.timer;
  }
  function elapsed() {
    var t = timer();
    return t.ms + (since === null ? 0 : Date.now() - since);
  }
  function running() {
    var t = timer();
    return !t.paused && !t.done && !document.hidden;
  }
  function settle() {   // the running stretch added into the game
    if (since !== null) { var t = timer(); t.ms += Date.now() - since; since = null; }
  }
  function clock(ms) {
    var s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
    return (h ? h + ":" + (m < 10 ? "0" : "") : "") + m + ":" + (s % 60 < 10 ? "0" : "") + s % 60;
  }
  function show() {
    if (!app.game()) { return; }
    var t = timer();
    $("timer-clock").textContent = clock(elapsed());
    $("timer-pause").textContent = t.paused ? "Resume" : "Pause";
    $("timer-pause").setAttribute("aria-pressed", t.paused ? "true" : "false");
    $("timer-pause").disabled = !!t.done;
    $("timer").classList.toggle("paused", !!t.paused);
    var grid = $("board-grid");
    if (grid) { grid.classList.toggle("paused-grid", !!t.paused); }
  }
  function resume() {
    if (running() && since === null) { since = Date.now(); }
    if (!running()) { settle(); }
    show();
  }

  var span = document.createElement("span");
  span.id = "timer"; span.className = "timer";
  span.innerHTML = '<span id="timer-clock" class="timer-clock" role="timer" aria-label="time played">0:00</span> ' +
    '<button type="button" id="timer-pause" aria-pressed="false" title="pause the clock (the grid is hidden meanwhile)">Pause</button>';
  var tools = document.querySelector("#play .tools");
  if (tools) { tools.insertBefore(span, tools.firstChild); }

  $("timer-pause").addEventListener("click", function () {
    settle();
    var t = timer();
    t.paused = !t.paused;
    app.save();
    resume();
  });
  document.addEventListener("visibilitychange", function () { settle(); if (app.game()) { app.save(); resume(); } });
  window.addEventListener("pagehide", function () { if (app.game()) { settle(); app.save(); } });
  app.on("save", function () {   // what is stored holds the time so far
    if (!app.game()) { return; }
    if (since !== null) { var now = Date.now(), t = timer(); t.ms += now - since; since = now; }
  });
  app.on("start", function () { since = null; timer(); resume(); });
  app.on("solved", function () { settle(); timer().done = true; app.save(); show(); });
  var ticks = 0;
  setInterval(function () {
    if (!app.game()) { return; }
    show();
    if (++ticks % 5 === 0 && since !== null) { app.save(); }   // a reload loses at most a few seconds
  }, 1000);
  window.DeduceTimer = { elapsed: function () { return app.game() ? elapsed() : 0; } };
});
