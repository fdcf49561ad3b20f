// The tile picker: tapping a tile writes it into the tile field that last had focus.
// Progressive enhancement: without JavaScript the fields are typed by hand.
(function () {
  "use strict";
  var picker = document.querySelector("[data-picker]");
  if (!picker) { return; }
  var fields = document.querySelectorAll("[data-tiles]");
  var label = picker.querySelector("[data-picker-label]");
  var target = fields[0] || null;

  function labelOf(field) {
    var own = field.id && document.querySelector("label[for='" + field.id + "']");
    return own ? own.textContent : (field.getAttribute("placeholder") || field.name);
  }
  function choose(field) {
    target = field;
    label.textContent = labelOf(field);
    fields.forEach(function (f) { f.classList.toggle("picking", f === field); });
  }
  function changed() { target.dispatchEvent(new Event("input", { bubbles: true })); }

  fields.forEach(function (field) {
    field.addEventListener("focus", function () { choose(field); });
  });
  if (target) { choose(target); picker.hidden = false; }

  picker.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button || !target) { return; }
    var value = target.value;
    if (button.dataset.tile) {
      if (target.hasAttribute("data-single")) {
        target.value = button.dataset.tile;
      } else {
        var sep = value === "" || /\s$/.test(value) ? "" : " ";
        target.value = value + sep + button.dataset.tile;
      }
    } else if (button.hasAttribute("data-picker-newline")) {
      if (target.hasAttribute("data-groups") && value.trim() !== "") { target.value = value.replace(/\s*$/, "") + "\n"; }
    } else if (button.hasAttribute("data-picker-undo")) {
      target.value = value.replace(/\s*\S+\s*$/, "");
      if (target.hasAttribute("data-groups") && /\n$/.test(value)) { target.value = value.replace(/\n$/, ""); }
    } else if (button.hasAttribute("data-picker-clear")) {
      target.value = "";
    }
    changed();
  });
})();
