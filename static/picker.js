// The tile picker: tapping a tile writes it into the tile field being filled. It starts on
// the check's main tiles, not the indicator, and after a single-tile field (the indicator,
// the discarded tile) it moves on to the next field. Without JavaScript fields are typed.
(function () {
  "use strict";
  var picker = document.querySelector("[data-picker]");
  if (!picker) { return; }
  var fields = Array.prototype.slice.call(document.querySelectorAll("[data-tiles]"));
  var label = picker.querySelector("[data-picker-label]");
  var target = null;

  function visible(field) { return !field.closest("[hidden]"); }
  function labelOf(field) {
    var own = field.id && document.querySelector("label[for='" + field.id + "']");
    return own ? own.textContent : field.name;
  }
  function choose(field) {
    target = field;
    label.textContent = labelOf(field);
    fields.forEach(function (f) { f.classList.toggle("picking", f === field); });
  }
  function next(field) {
    var after = fields.slice(fields.indexOf(field) + 1).concat(fields);
    return after.find(function (f) { return f !== field && visible(f) && !f.hasAttribute("data-indicator"); })
      || field;
  }
  function changed(field) { field.dispatchEvent(new Event("input", { bubbles: true })); }

  var onFocus = picker.hasAttribute("data-on-focus");
  fields.forEach(function (field) {
    field.addEventListener("focus", function () { choose(field); picker.hidden = false; });
  });
  var first = fields.find(function (f) { return !f.hasAttribute("data-indicator") && visible(f); }) || fields[0];
  if (first && !onFocus) { choose(first); picker.hidden = false; }

  // The colour buttons choose the colour of the number buttons (red to start with).
  var numbers = picker.querySelector("[data-numbers]");
  function colour(button) {
    var code = button.dataset.colour;
    picker.querySelectorAll("[data-colour]").forEach(function (b) {
      b.setAttribute("aria-pressed", b === button ? "true" : "false");
    });
    numbers.className = numbers.className.replace(/\bc[RYBK]\b/, "c" + code);
    numbers.querySelectorAll("[data-n]").forEach(function (b) {
      b.dataset.tile = code + b.dataset.n;
      b.setAttribute("aria-label", button.textContent.trim() + " " + b.dataset.n);
    });
  }

  picker.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (button && button.dataset.colour) { colour(button); return; }
    if (!button || !target) { return; }
    var field = target;
    var value = field.value;
    if (button.dataset.tile) {
      if (field.hasAttribute("data-single")) {
        field.value = button.dataset.tile;
        choose(next(field));
      } else {
        var sep = value === "" || /\s$/.test(value) ? "" : " ";
        field.value = value + sep + button.dataset.tile;
      }
    } else if (button.hasAttribute("data-picker-newline")) {
      if (field.hasAttribute("data-groups") && value.trim() !== "") { field.value = value.replace(/\s*$/, "") + "\n"; }
    } else if (button.hasAttribute("data-picker-undo")) {
      field.value = value.replace(/\s*\S+\s*$/, "");
      if (field.hasAttribute("data-groups") && /\n$/.test(value)) { field.value = value.replace(/\n$/, ""); }
    } else if (button.hasAttribute("data-picker-clear")) {
      field.value = "";
    }
    changed(field);
  });
})();
