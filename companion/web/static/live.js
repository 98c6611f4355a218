// Tonight, live: ask the box twice a second and swap the part that changed; when the box
// has not answered for a while, say so (the "stale" line the page carries, in its words).
// Part of Table Companion (MIT licence, see LICENSE); no library, nothing from the internet.
(function () {
  var box = document.getElementById("live");
  if (!box) { return; }
  var stale = document.getElementById("stale");
  var seen = null;
  var answered = Date.now();
  var QUIET_MS = 5000;  // ten asks in a row without an answer
  function ask() {
    var stop = window.AbortController ? new AbortController() : null;
    var timer = stop ? setTimeout(function () { stop.abort(); }, 4000) : null;
    fetch(box.dataset.src, {credentials: "same-origin", cache: "no-store",
                            signal: stop ? stop.signal : undefined})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (data) {
          answered = Date.now();
          if (data.v !== seen) { seen = data.v; box.innerHTML = data.html; }
        }
      })
      .catch(function () {})
      .finally(function () {
        if (timer) { clearTimeout(timer); }
        if (stale) { stale.hidden = Date.now() - answered < QUIET_MS; }
        setTimeout(ask, 500);
      });
  }
  ask();
})();
