// The referee's page, live: as tiles are tapped or typed, ask the JSON API for the ruling
// and show it in the ruling panel, which stays in view at the bottom of the screen. The
// address follows the form, so the ruling can be shared. Without JavaScript the form is a
// plain GET whose answer opens at the ruling.
(function () {
  "use strict";
  var form = document.querySelector("form[data-live]");
  var ruling = document.getElementById("ruling");
  var texts = document.getElementById("ruling-texts");
  if (!form || !ruling || !window.fetch) { return; }
  var GROUPS = ["melds", "pairs", "table"];
  var FLAGS = ["finishing", "opened"];
  var NEEDS = {
    okey: ["indicator"], meld: ["tiles"], pair: ["tiles"],
    "best-opening": ["indicator", "tiles"], "winning-hand": ["indicator", "tiles"],
    discard: ["indicator", "tile"],
    pickup: ["indicator", "tile"], opening: ["indicator"]
  };
  var check = form.dataset.check;
  var asked = 0;
  var timer = null;

  function text(name) {
    var node = texts && texts.content.querySelector("[data-text='" + name + "']");
    return node ? node.textContent : "";
  }
  function groups(value) {
    return value.replace(/\|/g, "\n").split("\n").map(function (s) { return s.trim(); })
      .filter(function (s) { return s !== ""; });
  }
  function body() {
    var data = { lang: form.dataset.lang };
    new FormData(form).forEach(function (value, name) {
      var written = String(value).trim();
      if (GROUPS.indexOf(name) >= 0) { data[name] = groups(written); }
      else if (FLAGS.indexOf(name) >= 0) { data[name] = true; }
      else if (written !== "" && !form.querySelector("[data-unless][hidden] [name='" + name + "']")) {
        data[name] = written;
      }
    });
    FLAGS.forEach(function (flag) { if (form.elements[flag] && !(flag in data)) { data[flag] = false; } });
    return data;
  }
  function ready(data) {
    var needs = NEEDS[check] || [];
    if (check === "opening" && !(data.melds || []).length && !(data.pairs || []).length) { return false; }
    return needs.every(function (name) { return Boolean(data[name]); });
  }
  function el(tag, className, content) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (content !== undefined) { node.textContent = content; }
    return node;
  }
  function ruleLink(id, bracketed) {
    var link = el("a", "", bracketed ? "[" + id + "]" : id);
    link.href = form.dataset.ruleUrl.replace("RULE", id);
    return link;
  }
  // A row of tiles; a joker standing for another tile (standsFor) is ringed and named.
  function tiles(list, standsFor) {
    var row = el("span", "tiles");
    list.forEach(function (tile, i) {
      var stands = standsFor ? standsFor[i] : tile;
      var t = el("span", "t c" + tile.charAt(0) + (stands !== tile ? " wild" : ""), tile.slice(1) || "F");
      t.setAttribute("aria-label", stands !== tile ? tile + " = " + stands : tile);
      if (stands !== tile) { t.title = tile + " = " + stands; }
      row.appendChild(t);
    });
    return row;
  }
  function show(reply, ok) {
    ruling.hidden = false;
    ruling.textContent = "";
    ruling.removeAttribute("role");
    if (!ok) {
      ruling.className = "ruling error";
      ruling.setAttribute("role", "alert");
      ruling.appendChild(el("p", "message", reply));
      return;
    }
    ruling.className = "ruling verdict-" + reply.verdict;
    ruling.dataset.verdict = reply.verdict;
    ruling.appendChild(el("h2", "", reply.verdict_text));
    var reasons = el("ul", "reasons");
    (reply.explanation || []).forEach(function (line) {
      var item = el("li", "", line.text);
      if (line.rule) { item.appendChild(document.createTextNode(" ")); item.appendChild(ruleLink(line.rule, true)); }
      reasons.appendChild(item);
    });
    ruling.appendChild(reasons);
    if ((reply.melds || []).length) {
      var melds = el("div", "melds");
      reply.melds.forEach(function (meld) {
        var row = el("p", "meld");
        row.appendChild(tiles(meld.tiles, meld.stands_for));
        row.appendChild(el("span", "worth", " " + meld.value));
        melds.appendChild(row);
      });
      if ((reply.leftover || []).length) {
        var left = el("p", "leftover");
        left.appendChild(el("span", "label", text("leftover") + " "));
        left.appendChild(tiles(reply.leftover));
        melds.appendChild(left);
      }
      ruling.appendChild(melds);
    }
    var rules = el("p", "rules", text("rules") + " ");
    (reply.rules || []).forEach(function (id, i) {
      if (i) { rules.appendChild(document.createTextNode(", ")); }
      rules.appendChild(ruleLink(id, false));
    });
    ruling.appendChild(rules);
  }
  function remember(data) {
    if (data.indicator) {
      document.cookie = "hakem_indicator=" + encodeURIComponent(data.indicator) +
        "; max-age=21600; path=/; samesite=lax";
    }
  }
  function address() {
    var query = new URLSearchParams(new FormData(form)).toString();
    return form.action.split("#")[0] + "?" + query + "#ruling";
  }
  function ask() {
    var data = body();
    if (!ready(data)) { return; }
    var mine = ++asked;
    fetch(form.dataset.api, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Accept": "application/json" },
      body: JSON.stringify(data)
    }).then(function (response) {
      return response.json().then(function (reply) { return { ok: response.ok, reply: reply }; });
    }).then(function (answer) {
      if (mine !== asked) { return; }
      if (answer.ok) {
        show(answer.reply, true);
        remember(data);
      } else {
        show((answer.reply.error || {}).message || "", false);
      }
      history.replaceState(null, "", address());
    }).catch(function () {
      if (mine === asked) { show(text("offline"), false); }
    });
  }
  function soon() {
    clearTimeout(timer);
    timer = setTimeout(ask, 150);
  }
  function toggle() {
    form.querySelectorAll("[data-unless]").forEach(function (part) {
      var flag = form.elements[part.dataset.unless];
      part.hidden = Boolean(flag && flag.checked);
    });
  }
  form.addEventListener("input", soon);
  form.addEventListener("change", function () { toggle(); soon(); });
  toggle();
  // A form already filled (a remembered indicator, a shared link) gets its ruling at once.
  if (ruling.hidden) { ask(); }
})();
