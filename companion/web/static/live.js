// Tonight, live: ask the box twice a second and swap the part that changed.
// Part of Table Companion (MIT licence, see LICENSE); no library, nothing from the internet.
(function () {
  var box = document.getElementById("live");
  if (!box) { return; }
  var seen = null;
  function ask() {
    fetch(box.dataset.src, {credentials: "same-origin", cache: "no-store"})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (data && data.v !== seen) { seen = data.v; box.innerHTML = data.html; }
      })
      .catch(function () {})
      .finally(function () { setTimeout(ask, 500); });
  }
  ask();
})();
