// The score sheet: follows the match live (polls for a newer version every second) and,
// on a device that may edit, sends rounds, corrections, undo and finish to the JSON API.
(function () {
  "use strict";
  var root = document.querySelector("[data-sheet]");
  if (!root) { return; }
  var version = root.dataset.version;
  var lang = root.dataset.lang;
  var api = root.dataset.api;
  var poll = parseInt(root.dataset.poll, 10) || 1000;
  var form = root.querySelector("[data-round-form]");
  var correcting = null;
  var busy = false;

  function table() { return root.querySelector("#sheet-table"); }

  function replaceTable(html) {
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.querySelector("#sheet-table");
    if (!fresh) { return; }
    ["sheet-totals", "sheet-outcome"].forEach(function (id) {
      var part = holder.querySelector("#" + id);
      var shown = document.getElementById(id);
      if (part && shown) { shown.replaceWith(part); }
    });
    table().replaceWith(fresh);
    version = fresh.dataset.version;
    root.dataset.version = version;
    if (form && (fresh.dataset.finished === "1")) { window.location.reload(); return; }
    if (form && !correcting) { setTitle(parseInt(fresh.dataset.rounds, 10) + 1, false); }
  }

  function refresh() {
    return fetch(root.dataset.fragment + "?since=" + encodeURIComponent(version),
                 { cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status === 200) { return response.text().then(replaceTable); }
      })
      .catch(function () { /* offline for a moment: the next poll tries again */ });
  }

  function loop() {
    var started = Date.now();
    refresh().then(function () {
      window.setTimeout(loop, Math.max(100, poll - (Date.now() - started)));
    });
  }
  window.setTimeout(loop, poll);

  if (!form) { return; }

  var errorBox = form.querySelector("[data-form-error]");
  var title = form.querySelector("[data-form-title]");
  var cancel = form.querySelector("[data-cancel]");
  var players = parseInt(root.dataset.players, 10);
  var is101 = root.dataset.variant === "101";

  function setTitle(n, fixing) {
    var template = fixing ? title.dataset.fixTitle : title.dataset.addTitle;
    title.textContent = template.replace("{n}", n);
  }
  function showError(text) {
    errorBox.textContent = text || "";
    errorBox.hidden = !text;
  }
  function checked(name) {
    var input = form.querySelector("input[name='" + name + "']:checked");
    return input ? input.value : null;
  }
  function field(name) { return form.querySelector("[name='" + name + "']"); }

  // Each new round carries an id made here; a retry after a lost answer sends the same id,
  // so the server adds the round once. A new id is made only once a round is in.
  function newRoundId() {
    var bytes = new Uint8Array(12);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }

  function payload() {
    var finish = checked("finish");
    var winnerValue = checked("winner");
    var nobody = finish === "deck_out" || finish === "cancelled";
    var winner = nobody || winnerValue === null ? null : parseInt(winnerValue, 10);
    var body = { finish: finish, winner: winner, lang: lang,
                 okey_discard: !nobody && field("okey_discard").checked };
    if (!is101 || finish === "cancelled") { return body; }
    body.players = [];
    for (var i = 0; i < players; i++) {
      var opened = field("p" + i + "_opened").value || null;
      if (i === winner && !opened) { opened = finish === "pairs" ? "pairs" : "melds"; }
      var entry = { opened: opened, penalties: [] };
      if (i !== winner) {
        var tiles = field("p" + i + "_remaining").value.trim();
        var sum = field("p" + i + "_value").value.trim();
        if (sum !== "") { entry.remaining_value = parseInt(sum, 10); }
        else if (tiles !== "") { entry.remaining = tiles; }
      }
      form.querySelectorAll("input[name='p" + i + "_penalties']:checked").forEach(function (box) {
        entry.penalties.push(box.value);
      });
      body.players.push(entry);
    }
    var indicator = field("indicator").value.trim();
    if (indicator) { body.indicator = indicator; }
    if (field("risk_round").checked) { body.risk_round = true; }
    return body;
  }

  function markWinner() {
    var finish = checked("finish");
    var nobody = finish === "deck_out" || finish === "cancelled";
    var winner = nobody ? null : checked("winner");
    form.querySelector("[data-winner-choices]").hidden = nobody;
    form.querySelectorAll("[data-player]").forEach(function (box) {
      var isWinner = box.dataset.player === winner;
      box.classList.toggle("is-winner", isWinner);
      box.querySelector("[data-winner-mark]").hidden = !isWinner;
      box.querySelectorAll("[data-left]").forEach(function (part) { part.hidden = isWinner; });
    });
    form.querySelector("[data-okey-choice]").hidden = nobody;
    form.querySelectorAll("[data-player]").forEach(function (box) { box.hidden = finish === "cancelled"; });
  }

  function reset() {
    form.reset();
    field("round_id").value = newRoundId();
    correcting = null;
    cancel.hidden = true;
    showError("");
    markWinner();
    setTitle(parseInt(table().dataset.rounds, 10) + 1, false);
  }

  function send(method, url, body) {
    if (busy) { return Promise.resolve(null); }
    busy = true;
    return fetch(url + (url.indexOf("?") < 0 ? "?" : "&") + "lang=" + lang, {
      method: method, credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Accept": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body)
    }).then(function (response) {
      return response.json().then(function (data) {
        busy = false;
        if (!response.ok) { showError(data.error ? data.error.message : String(response.status)); return null; }
        showError("");
        return refresh().then(function () { return data; });
      });
    }).catch(function () { busy = false; showError("⚠"); return null; });
  }

  // The tile picker follows the field being filled, so it is at hand on a phone.
  var picker = form.querySelector("[data-picker]");
  form.addEventListener("focusin", function (event) {
    var input = event.target.closest("[data-tiles]");
    if (!picker || !input) { return; }
    var anchor = input.closest("[data-player], .indicator-bar") || input;
    if (anchor.nextElementSibling !== picker) { anchor.after(picker); }
  });
  form.addEventListener("change", markWinner);
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var body = payload();
    if (correcting === null) { body.round_id = field("round_id").value; }
    var request = correcting === null
      ? send("POST", api + "/rounds", body)
      : send("PUT", api + "/rounds/" + correcting, body);
    request.then(function (data) { if (data) { reset(); } });
  });
  cancel.addEventListener("click", reset);

  function fill(entry, number) {
    form.reset();
    var okey = entry.finish === "okey";  // stored before the okey became a check box
    var finish = form.querySelector("input[name='finish'][value='" + (okey ? "normal" : entry.finish) + "']");
    if (finish) { finish.checked = true; }
    field("okey_discard").checked = okey || entry.okey_discard === true;
    if (entry.winner !== null) {
      var winner = form.querySelector("input[name='winner'][value='" + entry.winner + "']");
      if (winner) { winner.checked = true; }
    }
    (entry.players || []).forEach(function (p, i) {
      field("p" + i + "_opened").value = p.opened || "";
      if (p.remaining && p.remaining.length) { field("p" + i + "_remaining").closest("details").open = true; }
      field("p" + i + "_remaining").value = (p.remaining || []).join(" ");
      field("p" + i + "_value").value = p.remaining_value === null || p.remaining_value === undefined ? "" : p.remaining_value;
      (p.penalties || []).forEach(function (name) {
        var box = form.querySelector("input[name='p" + i + "_penalties'][value='" + name + "']");
        if (box) { box.checked = true; }
      });
    });
    if (is101) {
      field("indicator").value = entry.indicator || "";
      field("risk_round").checked = entry.risk_round === true;
    }
    correcting = number;
    cancel.hidden = false;
    setTitle(number, true);
    markWinner();
    form.scrollIntoView({ behavior: "smooth" });
  }

  root.addEventListener("click", function (event) {
    var fix = event.target.closest("[data-correct]");
    if (fix) { fill(JSON.parse(fix.dataset.entry), parseInt(fix.dataset.correct, 10)); return; }
    if (event.target.closest("[data-undo]")) {
      event.preventDefault();  // the form is for phones whose script did not run
      // names the round it undoes, so a double tap or a retry cannot remove a second one
      var rounds = parseInt(table().dataset.rounds, 10);
      send("DELETE", api + "/rounds/" + (rounds > 0 ? rounds : "last"));
      return;
    }
    var end = event.target.closest("[data-finish]");
    if (end) { event.preventDefault(); }
    if (end && window.confirm(end.dataset.confirm)) {
      send("POST", api + "/finish", {}).then(function (data) { if (data) { window.location.reload(); } });
    }
  });
  markWinner();
})();
